/* ddm.c - the DDM module of rtiexec. */
#include "config.h"

#include "ddm.h"

static const struct msg_handler ddm_handlers[] = {
	{ 0, 0, 0, NULL }
};

const struct module_ops ddm_module = {
	.name = "DDM",
	.handlers = ddm_handlers,
};
