import Fastify from 'fastify';

// The yardstick of `npm run perf:api`: a Fastify server with no plugins, no database and no logging,
// answering a POST with a constant envelope. What the app's routes reach of its throughput is the ratio
// the budget is set in.
const app = Fastify({ logger: false });
app.post('/bare', async () => ({ returnCode: 0, data: null, msg: '' }));
await app.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
process.send?.('listening');
