import { createRoot } from 'react-dom/client';
import '../app/styles/base.css';
import '../passwords/passwords.css';
import './console.css';
import { ConsoleApp } from './console-app.tsx';

createRoot(document.getElementById('console')!).render(<ConsoleApp />);
