// Stylesheets imported for their side effect by lazily loaded modules (Vite bundles them with the chunk).
declare module '*.css';
