/* SPDX-License-Identifier: Apache-2.0 */
/*
 * tcp.h - socket options rtiexec, librti and the benchmark's raw relay
 * set on their TCP connections (shared via proto/libtcp.la, beside
 * libproto.la so that the codecs stay free of system calls; never
 * installed).
 */
#ifndef RTI_TCP_H
#define RTI_TCP_H

/*
 * Tune connected TCP socket `fd`: TCP_NODELAY always; on a connection to
 * this host (loopback, or this host's own address), a congestion control
 * that does not pace instead of BBR: pacing only slows a link with no
 * queue to protect.  Returns 1 when the congestion control was changed,
 * 0 when left as it was (another host, already unpaced, or not
 * permitted).  Never fails: every option is a best effort.
 */
int tcp_tune(int fd);

#endif
