/* The participants of flyc's fork() (moved from isolate.c, so that the
 * files below isolate.c register without calling up a layer). */
#include <pthread.h>
#include <stdint.h>

#include "internal.h"

#define MAX_PARTICIPANTS 8

static struct participant {
  void (*prepare)(void), (*parent)(void), (*child)(void);
} parts[MAX_PARTICIPANTS];
static size_t nparts;
static pthread_mutex_t parts_mu = PTHREAD_MUTEX_INITIALIZER;
static uint64_t forks;

void flyc__fork_counted(void) { __atomic_add_fetch(&forks, 1, __ATOMIC_RELAXED); }

int flyc__atfork_add(void (*prepare)(void), void (*parent)(void), void (*child)(void)) {
  pthread_mutex_lock(&parts_mu);
  int full = nparts == MAX_PARTICIPANTS;
  if (!full)
    parts[nparts++] = (struct participant){prepare, parent, child};
  pthread_mutex_unlock(&parts_mu);
  return full ? flyc__error_set(FLYC_ENOMEM, "flyc__atfork_add: the list is full") : FLYC_OK;
}

uint64_t flyc__fork_count(void) { return __atomic_load_n(&forks, __ATOMIC_RELAXED); }

/* The list's lock is held across fork(), so no participant joins meanwhile;
 * in the child it is released by the thread that took it. */
void flyc__fork_prepare(void) {
  pthread_mutex_lock(&parts_mu);
  for (size_t i = 0; i < nparts; i++)
    parts[i].prepare();
}

void flyc__fork_parent(void) {
  for (size_t i = nparts; i-- > 0;)
    parts[i].parent();
  pthread_mutex_unlock(&parts_mu);
}

void flyc__fork_child(void) {
  for (size_t i = nparts; i-- > 0;)
    parts[i].child();
  pthread_mutex_unlock(&parts_mu);
}

