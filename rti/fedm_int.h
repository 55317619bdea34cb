/*
 * fedm_int.h - what FedM's files share: the per-federation state and the
 * synchronization points' entry points (fedm_sync.c).
 */
#ifndef RTI_FEDM_INT_H
#define RTI_FEDM_INT_H

#include "server.h"

struct sync_point;

struct fedm_fx {
	struct sync_point *syncs;
};

/* Send the frame in `b` to federate `handle` of `fx`, if connected. */
void fedm_send_to(struct federation *fx, uint32_t handle,
    const struct wire_buf *b);

/* Handlers of WIRE_SYNC_REGISTER and WIRE_SYNC_ACHIEVED. */
int fedm_h_sync_register(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
int fedm_h_sync_achieved(struct conn *c, uint32_t serial,
    struct wire_rd *rd);
/* `f` just joined: it becomes a member of every pending point of the
 * whole federation, announced to it. */
void fedm_sync_late_joiner(struct federate *f);
/* `f` leaves: out of every point; points left complete. */
void fedm_sync_leave(struct federate *f);
/* Free every pending point of `fx`. */
void fedm_sync_fini(struct federation *fx);

#endif
