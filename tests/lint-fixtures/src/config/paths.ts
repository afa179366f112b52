export const home = '/'
