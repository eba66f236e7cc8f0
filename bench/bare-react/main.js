// The smallest React page Vite builds: the reference the portal's pages are measured beside.
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';

createRoot(document.getElementById('root')).render(
  h('main', null, h('h1', null, 'Bare Vite React page'), h('p', null, "The reference the portal's pages are measured beside.")),
);
