import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './App';
import { openSignedInDb } from '../platform/database';
import { registerServiceWorker } from './pwa/registerServiceWorker';
import { applyStoredAppearance } from './themeState';
import { startBackStack } from '../ui/backStack';
import '../session/flows';
import '../ui/tokens.css';
import '../ui/base.css';
import '../ui/controls.css';
import '../ui/components.css';
import '../ui/cards.css';
import '../ui/feedback.css';

applyStoredAppearance();
startBackStack();
openSignedInDb();
const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
registerServiceWorker();
