// Every function of the public API is defined: a MuJoCo program that calls any of
// them links against libsinew.
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include <mujoco/mujoco.h>

static void test_public_functions_link(void** state) {
  (void)state;
  void* f[] = {(void*)mj_loadXML, (void*)mj_makeData, (void*)mj_deleteData, (void*)mj_deleteModel,
    (void*)mj_copyModel, (void*)mj_copyData, (void*)mj_resetData, (void*)mj_resetDataKeyframe,
    (void*)mj_forward, (void*)mj_step, (void*)mj_step1, (void*)mj_step2, (void*)mj_kinematics,
    (void*)mj_comPos, (void*)mj_crb, (void*)mj_factorM, (void*)mj_solveM, (void*)mj_mulM,
    (void*)mj_fullM, (void*)mj_rne, (void*)mj_jac, (void*)mj_jacBody, (void*)mj_jacBodyCom,
    (void*)mj_jacSite, (void*)mj_name2id, (void*)mj_id2name, (void*)mj_differentiatePos,
    (void*)mj_integratePos, (void*)mj_normalizeQuat, (void*)mj_energyPos, (void*)mj_energyVel,
    (void*)mj_getState, (void*)mj_setState, (void*)mj_stateSize, (void*)mj_setTotalmass,
    (void*)mj_versionString, (void*)mj_version, (void*)mju_error, (void*)mju_warning,
    (void*)mj_resetDataDebug, (void*)mj_markStack, (void*)mj_freeStack, (void*)mj_stackAllocNum,
    (void*)mj_setKeyframe, (void*)mj_setConst, (void*)mj_forwardSkip, (void*)mj_fwdPosition,
    (void*)mj_fwdVelocity, (void*)mj_fwdActuation, (void*)mj_fwdAcceleration, (void*)mj_fwdConstraint,
    (void*)mj_Euler, (void*)mj_RungeKutta, (void*)mj_implicit, (void*)mj_camlight, (void*)mj_transmission,
    (void*)mj_makeM, (void*)mj_solveM2, (void*)mj_comVel, (void*)mj_passive, (void*)mj_subtreeVel,
    (void*)mj_checkPos, (void*)mj_checkVel, (void*)mj_checkAcc, (void*)mj_isPyramidal, (void*)mj_isSparse,
    (void*)mj_isDual, (void*)mj_jacSubtreeCom, (void*)mj_jacGeom, (void*)mj_jacPointAxis, (void*)mj_jacDot,
    (void*)mj_mulM2, (void*)mj_addM, (void*)mj_applyFT, (void*)mj_objectVelocity, (void*)mj_local2Global,
    (void*)mj_getTotalmass, (void*)mj_defaultOption, (void*)mj_defaultVisual, (void*)mj_defaultSolRefImp,
    (void*)mj_sizeModel, (void*)mj_defaultVFS, (void*)mj_addFileVFS, (void*)mj_addBufferVFS,
    (void*)mj_deleteFileVFS, (void*)mj_deleteVFS, (void*)mj_resetCallbacks, (void*)mj_warning,
    (void*)mju_writeLog, (void*)mju_warningText, (void*)mju_clearHandlers, (void*)mju_error_i,
    (void*)mju_error_s, (void*)mju_warning_i, (void*)mju_warning_s, (void*)mj_rnePostConstraint,
    (void*)mj_stackAllocByte, (void*)mj_stackAllocInt};
  for (size_t i = 0; i < sizeof(f) / sizeof(f[0]); i++) {
    assert_non_null(f[i]);
  }
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_public_functions_link),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
