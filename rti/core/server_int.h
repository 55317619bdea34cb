/* SPDX-License-Identifier: Apache-2.0 */
/*
 * server_int.h - rtiexec core: the server's life, for main.c (the
 * composition root) and the core's own files; no module includes it.
 */
#ifndef RTI_SERVER_INT_H
#define RTI_SERVER_INT_H

#include "server.h"

/* server.c */
int server_init(struct rti_server *srv, const struct rti_config *cfg);
/* Print every message type rtiexec accepts: code, kind, whether it needs
 * a joined federate, the module (rtiexec --list-messages). */
void server_list_messages(FILE *out);
int server_run(struct rti_server *srv);
void server_fini(struct rti_server *srv);
/* conn_in.c: 1 when a message of `type` is accepted from a federate
 * whose `busy` is set (IEEE 1516.1-2010 4.11-4.31: the save and restore
 * services and queries, resign, the federate lookups, and the internal
 * acknowledgements). */
int server_busy_exempt(uint16_t type);

#endif
