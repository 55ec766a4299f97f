/*
 * tsan_threads.c: C11 threads over POSIX threads, linked into the
 * ThreadSanitizer build only (tests/thread-check.sh). glibc's thrd_create,
 * mtx_lock and cnd_wait call its pthread internals directly, past the
 * sanitizer's interceptors: without these definitions, which take the
 * place of glibc's, it crashes on the first worker or reports the lock's
 * own writes as races.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <threads.h>

typedef struct start {
    thrd_start_t run;
    void *arg;
} start;

static void *begin(void *p)
{
    start s = *(start *)p;
    free(p);
    return (void *)(intptr_t)s.run(s.arg);
}

static int status(int error)
{
    return error == 0 ? thrd_success : thrd_error;
}

int thrd_create(thrd_t *thread, thrd_start_t run, void *arg)
{
    start *s = malloc(sizeof *s);
    if (!s) return thrd_nomem;
    *s = (start){run, arg};
    int error = pthread_create(thread, NULL, begin, s);
    if (error) free(s);
    return status(error);
}

int thrd_join(thrd_t thread, int *result)
{
    void *value;
    int error = pthread_join(thread, &value);
    if (!error && result) *result = (int)(intptr_t)value;
    return status(error);
}

int mtx_init(mtx_t *mutex, int type)
{
    (void)type; /* plain only: batch.c asks for no other */
    return status(pthread_mutex_init((pthread_mutex_t *)(void *)mutex, NULL));
}

int mtx_lock(mtx_t *mutex)
{
    return status(pthread_mutex_lock((pthread_mutex_t *)(void *)mutex));
}

int mtx_unlock(mtx_t *mutex)
{
    return status(pthread_mutex_unlock((pthread_mutex_t *)(void *)mutex));
}

void mtx_destroy(mtx_t *mutex)
{
    pthread_mutex_destroy((pthread_mutex_t *)(void *)mutex);
}

int cnd_init(cnd_t *cond)
{
    return status(pthread_cond_init((pthread_cond_t *)(void *)cond, NULL));
}

int cnd_wait(cnd_t *cond, mtx_t *mutex)
{
    return status(
        pthread_cond_wait((pthread_cond_t *)(void *)cond, (pthread_mutex_t *)(void *)mutex));
}

int cnd_signal(cnd_t *cond)
{
    return status(pthread_cond_signal((pthread_cond_t *)(void *)cond));
}

int cnd_broadcast(cnd_t *cond)
{
    return status(pthread_cond_broadcast((pthread_cond_t *)(void *)cond));
}

void cnd_destroy(cnd_t *cond)
{
    pthread_cond_destroy((pthread_cond_t *)(void *)cond);
}
