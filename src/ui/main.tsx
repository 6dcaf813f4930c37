import { createRoot } from 'react-dom/client';
import { App } from './App';
import { PageBoundary } from './components/PageBoundary';
import { createEngineClient } from './engine-client';
import { registerServiceWorker } from './service-worker-registration';
import { loadSettings } from './settings/storage';

import './styles/theme.css';
import './styles/layout.css';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root element');

// One worker for the page's life, created before React renders so it starts in parallel.
const client = createEngineClient();
const initial = loadSettings(localStorage);
void registerServiceWorker();

createRoot(root).render(
  <PageBoundary>
    <App client={client} initialSettings={initial.settings} settingsProblem={initial.error} />
  </PageBoundary>,
);
