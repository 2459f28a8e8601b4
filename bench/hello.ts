/**
 * The ceiling for bench/http-load.ts: a bare Fastify (the app's version, no plugins, no
 * logger) answering "hello" on one route, started as its own process on PORT like the app.
 */
import Fastify from 'fastify';

const app = Fastify();
app.get('/', () => 'hello');
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
// Stop with the parent (its IPC channel closes) as server/src/main.ts does.
if (process.send) process.on('disconnect', () => void app.close().then(() => process.exit(0)));
