/*
 * deny_vm_readv COMMAND [ARG...]: runs COMMAND with process_vm_readv failing
 * with EPERM, as under a seccomp filter of a hardened service or container.
 */
#include <errno.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_process_vm_readv, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | (EPERM & SECCOMP_RET_DATA)),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = {.len = sizeof(filter) / sizeof(filter[0]), .filter = filter};

	if (argc < 2) {
		fprintf(stderr, "usage: deny_vm_readv COMMAND [ARG...]\n");
		return 2;
	}
	if (prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 || prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("deny_vm_readv: seccomp");
		return 2;
	}
	execvp(argv[1], argv + 1);
	perror("deny_vm_readv: exec");
	return 2;
}
