// The SES emulator of one worker slot of a test run (helpers/ses.ts, slotSes): aws-ses-v2-local on 127.0.0.1 at the
// port given, outliving the test file that started it so that the next file of the slot finds it, and ending itself
// when the test run that owns it (the process id given) has gone, whatever way that run ended.
const [port, runPid] = process.argv.slice(2).map(Number)
require('aws-ses-v2-local')
  .default({ host: '127.0.0.1', port })
  .catch(() => process.exit(1))
setInterval(() => {
  try {
    process.kill(runPid, 0)
  } catch {
    process.exit(0)
  }
}, 1000)
