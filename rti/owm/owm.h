/* SPDX-License-Identifier: Apache-2.0 */
/*
 * owm.h - the OWM module of rtiexec: attribute ownership divestiture and
 * acquisition (see server.h for the module interface).  The owner of each
 * attribute lives in OM (om_owner/om_set_owner); OWM keeps what is in
 * flight: negotiated divestitures and pending acquisitions.  Only FedM is
 * above it, and calls nothing of it: what OWM takes from the modules
 * below (can_unpublish, unpublished, instance_removed, release_leavers)
 * comes as events of server.h.
 */
#ifndef RTI_OWM_H
#define RTI_OWM_H

#include "server.h"

#endif
