import { queryClient } from '../lib/query-client';
import { startApp } from './start';

/** The app proper, imported by the entry once the splash has been drawn (see main.tsx). */
const container = document.getElementById('root');
if (container) void startApp(container, queryClient);
