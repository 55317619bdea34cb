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

/* Hook from OM.
 * owm_removed: instance `obj` is being deleted; its negotiations end
 *   (nothing is sent: every federate that knew it gets a remove). */
void owm_removed(struct federation *fx, uint32_t obj);
/* Hook from OM's resign sweep: the attributes of `in` owned by federate
 * `fed` (0: by any federate om_leaving says the sweep resigns) are
 * released unconditionally, to waiting acquirers, as
 * owm_federate_resign does in a small federation. */
void owm_release_leavers(struct federation *fx, struct om_instance *in,
    uint32_t fed);

#endif
