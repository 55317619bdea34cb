/* SPDX-License-Identifier: Apache-2.0 */
/*
 * modules.c - rtiexec's composition root: the module table the core
 * dispatches through and raises events along.  The only file that names
 * every module; rtiexec (main.c) and the tests that run the server in
 * their process link it (rti/librtiexec.la).  Which module may use which
 * is the build's (rti/include.am).
 */
#include "config.h"

#include "server.h"

extern const struct module_ops tm_module;
extern const struct module_ops dm_module;
extern const struct module_ops ddm_module;
extern const struct module_ops mc_module;
extern const struct module_ops om_module;
extern const struct module_ops owm_module;
extern const struct module_ops fedm_module;
extern const struct module_ops mom_module;

/* In layer order, bottom to top (MOD_*). */
const struct module_ops *const server_modules[MOD_COUNT] = {
	[MOD_TM] = &tm_module,
	[MOD_DM] = &dm_module,
	[MOD_DDM] = &ddm_module,
	[MOD_MC] = &mc_module,
	[MOD_OM] = &om_module,
	[MOD_OWM] = &owm_module,
	[MOD_FEDM] = &fedm_module,
	[MOD_MOM] = &mom_module,
};

/* The federate_resign hooks run in this order, not the reverse of the
 * layers: MOM first; DDM and OWM drop the federate's regions and
 * negotiations before TM lets go of it and OM's sweep deletes or
 * releases its instances; DM then drops its subscriptions (raising
 * sub_applied for OM) and MC, marking the federation for its turn_end,
 * follows them; FedM last, which takes the federate out of the
 * federation's list. */
const int server_resign_order[MOD_COUNT] = {
	MOD_MOM, MOD_DDM, MOD_OWM, MOD_TM, MOD_OM, MOD_DM, MOD_MC, MOD_FEDM
};
