/**
 * The libraries every screen starts with. The entry imports this a task before the app
 * (main.tsx), so the framework's evaluation and the app's modules' are two tasks rather than one
 * long one (on a phone, about 180 ms at Lighthouse's 4x slowdown: most of a listing's blocking
 * time). The build puts it in the framework chunk (vite.config.ts), so it is no extra file.
 */
import 'react';
import 'react-dom/client';
import 'react-router';
import '@tanstack/react-query';
