/*
 * owm.h - the OWM module of rtiexec: attribute ownership divestiture and
 * acquisition (see server.h for the module interface).  The owner of each
 * attribute lives in OM (om_owner/om_set_owner); OWM keeps what is in
 * flight: negotiated divestitures and pending acquisitions.
 */
#ifndef RTI_OWM_H
#define RTI_OWM_H

#include "server.h"

struct om_instance;

/* Hooks from OM.
 * owm_removed: instance `obj` is being deleted; its negotiations end
 *   (nothing is sent: every federate that knew it gets a remove).
 * owm_unpublished: `f` stopped publishing the attributes in `removed` of
 *   object class `cls` (the privilege to delete too when it publishes
 *   nothing of `cls` any more): on instances it knows as `cls` it
 *   divests them unconditionally (waiting acquirers get them); DM has
 *   refused the unpublish if any of them had a pending acquisition of
 *   `f` (owm_unpublish_pending). */
void owm_removed(struct federation *fx, uint32_t obj);
/* Hook from DM, before an unpublish: 1 (with `msg` filled) when `f` has a
 * pending acquisition of an attribute in `removed` (or of the privilege
 * to delete when `all`: nothing of `cls` stays published) on an instance
 * it knows as `cls`, else 0. */
int owm_unpublish_pending(struct federate *f, uint32_t cls,
    const uint64_t *removed, int all, char *msg, size_t len);
void owm_unpublished(struct federate *f, uint32_t cls,
    const uint64_t *removed);
/* Hook from OM's resign sweep: the attributes of `in` owned by federate
 * `fed` (0: by any federate om_leaving says the sweep resigns) are
 * released unconditionally, to waiting acquirers, as
 * owm_federate_resign does in a small federation. */
void owm_release_leavers(struct federation *fx, struct om_instance *in,
    uint32_t fed);

#endif
