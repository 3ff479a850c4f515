/* flyc_launch's own host cost, with no GPU: a driver made of functions that
 * do nothing (flyc_driver_create), raw PTX loaded with
 * flyc_gpu_jit_module_load_code, and 9 x 1e6 launches; the best pass's
 * ns/call. The runtime alone, no LLVM: build it from any tree with
 *   gcc -O2 -Iinclude -Iruntime $(find runtime -name '*.c') \
 *       bench/runtime/launch_host.c -o launch_host -ldl -lpthread
 * and run two trees' builds alternately (bench/results/cpu-2026-12-01-launch-host.txt). */
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <flyc/driver.h>
static double now(void){struct timespec t;clock_gettime(CLOCK_MONOTONIC,&t);return t.tv_sec*1e9+t.tv_nsec;}
static int dc(void*s,int*c){*c=1;return 0;}
static int ml(void*s,int d,flyc_code_format_t f,const void*i,size_t n,void**h){*h=(void*)1;return 0;}
static int mu(void*s,int d,void*h){return 0;}
static int fg(void*s,int d,void*h,const char*n,void**fn){*fn=(void*)2;return 0;}
static int gg(void*s,int d,void*h,const char*n,uint64_t*a,size_t*z){return FLYC_ENOTFOUND;}
static int hd(void*s,int d,uint64_t dst,const void*src,size_t n){return 0;}
static volatile int sink;
static int la(void*s,int d,void*fn,const flyc_launch_config_t*c,void**a){sink+=c->block[0];return 0;}
int main(void){
  flyc_driver_ops_t ops; memset(&ops,0,sizeof ops); ops.size=sizeof ops; ops.name="bench";
  ops.device_count=dc; ops.module_load=ml; ops.module_unload=mu; ops.function_get=fg; ops.global_get=gg; ops.memcpy_htod=hd; ops.launch=la;
  flyc_driver_t *d; if(flyc_driver_create(&d,&ops,NULL)){printf("create: %s\n",flyc_error_last()->message);return 1;}
  static const char ptx[]=".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n ret;\n}\n";
  flyc_gpu_jit_module_t *m; if(flyc_gpu_jit_module_load_code(&m,d,0,FLYC_CODE_PTX,ptx,sizeof ptx,NULL,0)){printf("load: %s\n",flyc_error_last()->message);return 1;}
  double best=1e99;
  for(int r=0;r<9;r++){
    double t0=now();
    for(int i=0;i<1000000;i++){ flyc_launch_config_t c=FLYC_LAUNCH_CONFIG_INIT; c.block[0]=256; c.grid[0]=4096;
      if(flyc_launch(m,"k",&c,NULL)){printf("launch: %s\n",flyc_error_last()->message);return 1;} }
    double t=(now()-t0)/1e6; if(t<best)best=t;
  }
  printf("flyc_launch (no-op driver): %.1f ns/call (best of 9 x 1e6)\n",best);
  return 0;
}
