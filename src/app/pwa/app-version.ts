/** This build's version (VITE_APP_VERSION at build time, else package.json's version). */
export const APP_VERSION: string = import.meta.env.VITE_APP_VERSION
