/* om.c - the OM module of rtiexec. */
#include "config.h"

#include "om.h"

static const struct msg_handler om_handlers[] = {
	{ 0, 0, 0, NULL }
};

const struct module_ops om_module = {
	.name = "OM",
	.handlers = om_handlers,
};
