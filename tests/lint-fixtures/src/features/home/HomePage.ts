export const HomePage = 'home'
