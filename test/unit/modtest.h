/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modtest.h - rtiexec's modules in the test's process, for their unit
 * tests (check_rti_*.c): one server (the core and every module of the
 * table, rti/librtiexec.la) whose loop the test turns itself, and
 * federates that are each one end of a socketpair, the other end a
 * connection of the core as listen.c makes one.  The test writes a
 * federate's frames (the payloads of wire.h, built with wire_put_*),
 * turns the loop until nothing moves, and reads what rtiexec sent it;
 * it may look at the modules' state through their headers too.
 *
 * No network: the server's TCP listener is bound to an ephemeral
 * loopback port and never connected to; --udp off, no heartbeats.
 * DDM's replica frames are acknowledged as librti does, so that the
 * replies DDM holds for them come.  One server at a time (Check forks a
 * process per test).
 */
#ifndef RTI_MODTEST_H
#define RTI_MODTEST_H

#include <check.h>
#include <stdint.h>

#include "server_int.h"

struct mt_fed;

/* Start the server with one federation "F" of the FOM modules
 * foms[0..n) and time representation `time_impl` (NULL: float64). */
void mt_start(const char *const *foms, size_t n, const char *time_impl);
/* Free it all (every federate resigns as its connection goes). */
void mt_stop(void);
struct rti_server *mt_srv(void);
struct federation *mt_fx(void);

/* Join federation "F" as `name` (type "t"); fails the test unless
 * joined. */
struct mt_fed *mt_join(const char *name);
uint32_t mt_handle(const struct mt_fed *m);
struct federate *mt_federate(const struct mt_fed *m);

/* A payload to fill (reset): the one mt_request and mt_send take. */
struct wire_buf *mt_body(struct mt_fed *m);
/* Send the request `type` with m's payload (a serial goes first); turn
 * the loop until its reply comes: its error code.  The reply's body,
 * after serial, err and message, is in *rd when rd is not NULL (valid
 * until mt_clear). */
int mt_request(struct mt_fed *m, uint16_t type, struct wire_rd *rd);
/* Send the one-way message `type` with m's payload (frame flags
 * `flags`); nothing is turned. */
void mt_send(struct mt_fed *m, uint16_t type, uint16_t flags);
/* Turn the loop until no federate receives anything for a few turns. */
void mt_settle(void);

/* The next frame of `type` that `m` received and the test has not taken:
 * 1 with *rd on its payload (valid until mt_clear), else 0. */
int mt_take(struct mt_fed *m, uint16_t type, struct wire_rd *rd);
/* How many frames of `type` `m` received that the test has not taken. */
int mt_count(struct mt_fed *m, uint16_t type);
/* Forget what `m` received. */
void mt_clear(struct mt_fed *m);

/* Handles of the federation's FOM, failing the test when unknown. */
uint32_t mt_oclass(const char *name);
uint32_t mt_iclass(const char *name);
uint32_t mt_attr(uint32_t cls, const char *name);
uint32_t mt_param(uint32_t cls, const char *name);
uint32_t mt_dim(const char *name);

/* The common requests; each fails the test unless answered RTI_OK.
 * Attribute lists are n handles. */
void mt_publish_oc(struct mt_fed *m, uint32_t cls, const uint32_t *a,
    uint32_t n);
void mt_subscribe_oc(struct mt_fed *m, uint32_t cls, const uint32_t *a,
    uint32_t n);
void mt_publish_ic(struct mt_fed *m, uint32_t cls);
void mt_subscribe_ic(struct mt_fed *m, uint32_t cls);
/* Register an instance of `cls` (no name): its handle. */
uint32_t mt_register(struct mt_fed *m, uint32_t cls);

#endif
