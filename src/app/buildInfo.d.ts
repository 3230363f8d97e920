// scripts/bundleLicenses.ts: the commit and time of the build, defined by Vite
declare const __APP_BUILD__: { commit: string; date: string };
