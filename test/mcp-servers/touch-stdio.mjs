// A Node preload (NODE_OPTIONS=--import …) that opens process.stdout and process.stderr a
// moment after start, as any Node program does when it first logs or warns: libuv then sets
// O_NONBLOCK on the pipes' file descriptions (and every process sharing them sees it).
setTimeout(() => {
  void process.stdout.writable;
  void process.stderr.writable;
}, 500).unref();
