/* build_full.c -- the whole render library writes every format in every
 * style (build_lean.c says what the CLI's lean one leaves out, and why). */
#include "render.h"

bool dg_render_here(const dg_options *o)
{
    (void)o;
    return true;
}
