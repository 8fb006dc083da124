import { setupServer } from 'msw/node';

/** One MSW server for the suite; each test installs the handlers it needs with server.use(). */
export const server = setupServer();
