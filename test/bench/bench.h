/* bench.h - shared helpers of rtibench (see rtibench.c). */
#ifndef RTI_BENCH_H
#define RTI_BENCH_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* relay.c: serve two clients accepted on `lfd` until one closes. */
int relay_serve(int lfd);

double bench_now(void);
/* Listen on 127.0.0.1, port 0; returns the socket, *port set. */
int bench_listen(int *port);
/* Blocking TCP connection to 127.0.0.1:port with TCP_NODELAY. */
int bench_connect(int port);
/* Write/read exactly n bytes on a blocking socket; 0 or -1. */
int bench_write_all(int fd, const void *p, size_t n);
int bench_read_all(int fd, void *p, size_t n);
/* Sort and pick the q-quantile (0..1) of n samples. */
double bench_quantile(double *v, size_t n, double q);

#endif
