/* owm.c - OWM services and callbacks of librti. */
#include "config.h"

#include "librti-int.h"

static const struct rti__cb_handler owm_callbacks[] = {
	{ 0, NULL }
};

const struct rti__module rti__owm_module = {
	.name = "OWM",
	.callbacks = owm_callbacks,
};
