/** The year the web app was built (Vite `define`): the year prerendered pages show in their footer. */
declare const __BUILD_YEAR__: number;
