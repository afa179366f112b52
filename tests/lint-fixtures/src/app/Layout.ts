export const Layout = 'layout'
