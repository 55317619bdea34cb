/*
 * owm.h - the OWM module of rtiexec: attribute ownership divestiture and
 * acquisition (see server.h for the module interface).  The owner of each
 * attribute lives in OM (om_owner/om_set_owner); OWM keeps what is in
 * flight: negotiated divestitures and pending acquisitions.
 */
#ifndef RTI_OWM_H
#define RTI_OWM_H

#include "server.h"

/* Hooks from OM.
 * owm_removed: instance `obj` is being deleted; its negotiations end
 *   (nothing is sent: every federate that knew it gets a remove).
 * owm_unpublished: `f` stopped publishing the attributes in `removed` of
 *   object class `cls` (the privilege to delete too when it publishes
 *   nothing of `cls` any more): on instances it knows as `cls` it
 *   divests them unconditionally (waiting acquirers get them) and its
 *   pending acquisitions of them are cancelled. */
void owm_removed(struct federation *fx, uint32_t obj);
void owm_unpublished(struct federate *f, uint32_t cls,
    const uint64_t *removed);

#endif
