/*
 * fedm.h - the FedM module of rtiexec: federation executions, joins and
 * resigns, synchronization points (see server.h for the module
 * interface).  Above every other module: nothing but main.c calls it.
 */
#ifndef RTI_FEDM_H
#define RTI_FEDM_H

#include "server.h"

/* The federation named `name`, or NULL. */
struct federation *fedm_find(struct rti_server *srv, const char *name);
/* Create a federation from module files (command line).  0 or -1 with a
 * message logged. */
int fedm_create_from_files(struct rti_server *srv, const char *name,
    const char *const *files, size_t n, const char *time_impl);
/* Send the frame in `b` to every joined federate of `fx` except `skip`. */
void fedm_broadcast(struct federation *fx, const struct wire_buf *b,
    const struct federate *skip);

#endif
