import './lib/zod-jitless';
import './styles/global.css';
import { startApp } from './app/start';
import { queryClient } from './lib/query-client';

const container = document.getElementById('root');
if (container) void startApp(container, queryClient);
