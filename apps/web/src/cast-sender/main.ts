import { runCastSender } from './sender';

runCastSender(window, document);
