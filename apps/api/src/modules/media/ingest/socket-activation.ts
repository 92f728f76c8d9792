/**
 * systemd socket activation (sd_listen_fds(3)) for the RTMP ingest: the supervisor, not the
 * worker, owns the listening socket, so it stays open while a killed worker restarts. An
 * encoder's reconnect then waits in the kernel's accept queue instead of being refused, and the
 * next worker takes it as it starts (issue 28: the broadcast an ingest restart loses).
 */

/** The first passed descriptor (SD_LISTEN_FDS_START). */
const FIRST_FD = 3;
/** The name a socket unit may give it (`FileDescriptorName=rtmp`). */
export const INGEST_SOCKET_NAME = 'rtmp';

/**
 * The descriptor of the ingest's listening socket that the supervisor passed to this process, or
 * null. Per the protocol, only when LISTEN_PID is this process (the variables are not meant for
 * its children); with several sockets, the one named `rtmp`. The variables are removed either
 * way, so that no ffmpeg or other child takes them for its own.
 */
export function takeListenFd(env: NodeJS.ProcessEnv = process.env, pid = process.pid) {
  const { LISTEN_PID, LISTEN_FDS, LISTEN_FDNAMES } = env;
  delete env.LISTEN_PID;
  delete env.LISTEN_FDS;
  delete env.LISTEN_FDNAMES;
  const count = Number(LISTEN_FDS);
  if (LISTEN_PID !== String(pid) || !Number.isInteger(count) || count < 1) return null;
  const names = LISTEN_FDNAMES?.split(':') ?? [];
  const named = names.indexOf(INGEST_SOCKET_NAME);
  if (named >= 0 && named < count) return FIRST_FD + named;
  return count === 1 ? FIRST_FD : null;
}
