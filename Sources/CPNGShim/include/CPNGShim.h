#ifndef CPNGSHIM_H
#define CPNGSHIM_H
#endif
