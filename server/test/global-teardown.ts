/**
 * Says, after Jest's summary, why the tests that need Redis were skipped (global-setup.ts decides),
 * so a run without Redis is never mistaken for one that checked the shared limits.
 */
export default function globalTeardown(): void {
  const reason = process.env.AGENTWORKS_TEST_REDIS_SKIPPED;
  if (!reason) return;
  console.log(
    `\n[server tests] The tests that need Redis were SKIPPED: ${reason}. To run them, start Redis (redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no) or set TEST_REDIS_URL; CI (.ci/run) always does.\n`,
  );
}
