/* dm.c - the DM module of rtiexec. */
#include "config.h"

#include "dm.h"

static const struct msg_handler dm_handlers[] = {
	{ 0, 0, 0, NULL }
};

const struct module_ops dm_module = {
	.name = "DM",
	.handlers = dm_handlers,
};
