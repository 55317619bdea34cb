/* owm.h - the OWM module of rtiexec (see server.h for the module interface). */
#ifndef RTI_OWM_H
#define RTI_OWM_H

#include "server.h"

#endif
