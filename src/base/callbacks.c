// Global user callbacks consulted by the pipeline.
#include <mujoco/mujoco.h>

mjfGeneric mjcb_passive = NULL;
mjfGeneric mjcb_control = NULL;
mjfConFilt mjcb_contactfilter = NULL;
mjfSensor mjcb_sensor = NULL;
mjfTime mjcb_time = NULL;
mjfAct mjcb_act_dyn = NULL;
mjfAct mjcb_act_gain = NULL;
mjfAct mjcb_act_bias = NULL;

void mj_resetCallbacks(void) {
  mjcb_passive = NULL;
  mjcb_control = NULL;
  mjcb_contactfilter = NULL;
  mjcb_sensor = NULL;
  mjcb_time = NULL;
  mjcb_act_dyn = NULL;
  mjcb_act_gain = NULL;
  mjcb_act_bias = NULL;
}
