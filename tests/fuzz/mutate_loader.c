// Deterministic mutation fuzzer for the model loader, fast enough for ctest.
//
// Seeds: the documents embedded below, every *.xml of the --models directories (default
// $SINEW_TEST_MODELS and its bad/ folder) and the regression reproducers of --corpus
// (tests/fuzz/corpus/*.xml, each also loaded unmodified first). Each case picks a seed
// and applies 1-4 seeded mutations: bit flips, special bytes, truncation, deleted or
// duplicated lines, numbers replaced by extreme values, hostile counts and sizes
// (2147483647 for <size>, user arrays, textures, <replicate>, <numeric>), deleted closing
// tags, misspelled attribute and element names, duplicate attributes, bad characters in
// values, deep nesting, very long attribute strings and lines spliced from other seeds.
//
// Each case is loaded with mj_loadXML through a VFS (see loader_harness.c) and must:
// not crash, hang or leak (ASan/UBSan/LSan when built with SINEW_SANITIZE, plus tracking
// allocation hooks always); fail with a non-empty message when it fails; name a line
// in that message when the mutation is known to cause an XML syntax or schema error; and
// when it loads, survive mj_makeData and 5 mj_steps (errors raised there are caught).
//
// Case k depends only on the seed list, --seed and k, so one failure is replayed with
//   fuzz_mutate_loader --case K --dump case.xml      (writes the mutated document)
// A failing input is also written to --artifacts (default /tmp/sinew-fuzz) as
// mutate-fail-K.xml / mutate-crash-K.xml. Files given as arguments are loaded as they are.
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "loader_harness.h"
#include "xml/schema.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define SNF_ASAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(SNF_ASAN)
#define SNF_ASAN 1
#endif

const char* __asan_default_options(void);
const char* __asan_default_options(void) {
  // a huge plain malloc returns NULL, as it would from the system allocator
  return "allocator_may_return_null=1:max_allocation_size_mb=2048";
}

// optional sanitizer hooks (present only in sanitized builds)
extern void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));
extern int __lsan_do_recoverable_leak_check(void) __attribute__((weak));

//---------------------------------- embedded seeds ------------------------------------------------

static const char* const kSeeds[] = {
  // a cart-pole with most top-level sections
  "<mujoco model=\"cartpole\">\n"
  "  <compiler angle=\"degree\" inertiafromgeom=\"true\" autolimits=\"true\"/>\n"
  "  <option timestep=\"0.01\" integrator=\"RK4\" gravity=\"0 0 -9.81\"/>\n"
  "  <size nuserdata=\"4\" nkey=\"3\" nuser_body=\"2\" nuser_jnt=\"1\" nuser_geom=\"1\"\n"
  "        nuser_actuator=\"1\" memory=\"1M\"/>\n"
  "  <default>\n"
  "    <joint damping=\"0.05\" armature=\"0.01\"/>\n"
  "    <geom contype=\"1\" conaffinity=\"1\" friction=\"1 0.1 0.1\" rgba=\"0.7 0.7 0 1\"/>\n"
  "    <default class=\"pole\">\n"
  "      <geom type=\"capsule\" size=\"0.045\"/>\n"
  "    </default>\n"
  "  </default>\n"
  "  <asset>\n"
  "    <texture name=\"grid\" type=\"2d\" builtin=\"checker\" rgb1=\".1 .2 .3\" rgb2=\".2 .3 .4\"\n"
  "             width=\"64\" height=\"64\"/>\n"
  "    <material name=\"grid\" texture=\"grid\" texrepeat=\"1 1\" texuniform=\"true\"\n"
  "              reflectance=\".2\"/>\n"
  "    <texture name=\"img\" type=\"2d\" file=\"tex.png\"/>\n"
  "    <material name=\"img\" texture=\"img\" rgba=\"1 1 1 1\"/>\n"
  "  </asset>\n"
  "  <worldbody>\n"
  "    <light name=\"light\" pos=\"0 0 6\" dir=\"0 0 -1\"/>\n"
  "    <camera name=\"fixed\" pos=\"0 -4 1\" zaxis=\"0 -1 0\"/>\n"
  "    <geom name=\"floor\" pos=\"0 0 -0.05\" size=\"4 4 0.2\" type=\"plane\" material=\"grid\"/>\n"
  "    <geom name=\"rail\" type=\"capsule\" pos=\"0 .07 1\" zaxis=\"1 0 0\" size=\"0.02 2\"/>\n"
  "    <body name=\"cart\" pos=\"0 0 1\" user=\"1 2\">\n"
  "      <joint name=\"slider\" type=\"slide\" limited=\"true\" axis=\"1 0 0\" range=\"-1.8 1.8\"\n"
  "             user=\"3\"/>\n"
  "      <geom name=\"cart\" type=\"box\" size=\"0.2 0.15 0.1\" mass=\"1\" user=\"4\"\n"
  "            material=\"img\"/>\n"
  "      <site name=\"tip\" pos=\"0 0 0.1\" size=\"0.01\"/>\n"
  "      <body name=\"pole\" childclass=\"pole\">\n"
  "        <joint name=\"hinge\" type=\"hinge\" axis=\"0 1 0\"/>\n"
  "        <geom name=\"pole\" fromto=\"0 0 0 0.001 0 1\"/>\n"
  "      </body>\n"
  "    </body>\n"
  "  </worldbody>\n"
  "  <actuator>\n"
  "    <motor name=\"slide\" joint=\"slider\" gear=\"10\" ctrllimited=\"true\" ctrlrange=\"-1 1\"\n"
  "           user=\"5\"/>\n"
  "  </actuator>\n"
  "  <keyframe>\n"
  "    <key name=\"a\" qpos=\"0 0.1\" qvel=\"0 0\" ctrl=\"0.5\"/>\n"
  "    <key name=\"b\" time=\"1\" qpos=\"0.5 -0.1\"/>\n"
  "  </keyframe>\n"
  "  <custom>\n"
  "    <numeric name=\"n\" size=\"3\" data=\"1 2 3\"/>\n"
  "    <text name=\"t\" data=\"hello\"/>\n"
  "  </custom>\n"
  "</mujoco>\n",

  // shapes, joints, frames and replicate
  "<mujoco model=\"shapes\">\n"
  "  <option timestep=\"0.005\" integrator=\"implicitfast\" cone=\"elliptic\"/>\n"
  "  <worldbody>\n"
  "    <geom type=\"plane\" size=\"5 5 0.1\"/>\n"
  "    <frame pos=\"0 0 1\" euler=\"0 0 30\">\n"
  "      <body name=\"ball\" pos=\"0 0 0.5\">\n"
  "        <freejoint name=\"free\"/>\n"
  "        <geom type=\"sphere\" size=\"0.1\" density=\"500\"/>\n"
  "        <geom type=\"ellipsoid\" size=\"0.1 0.2 0.05\" pos=\"0.2 0 0\"/>\n"
  "      </body>\n"
  "    </frame>\n"
  "    <replicate count=\"3\" offset=\"0.3 0 0\" euler=\"0 0 10\">\n"
  "      <body pos=\"0 1 0.5\">\n"
  "        <joint type=\"ball\" damping=\"0.1\"/>\n"
  "        <geom type=\"cylinder\" size=\"0.05 0.1\"/>\n"
  "        <geom type=\"box\" size=\"0.05 0.05 0.05\" pos=\"0 0 -0.2\"/>\n"
  "      </body>\n"
  "    </replicate>\n"
  "    <body name=\"arm\" pos=\"1 1 1\" quat=\"1 0 0 0\">\n"
  "      <inertial pos=\"0 0 0\" mass=\"2\" diaginertia=\"0.1 0.1 0.1\"/>\n"
  "      <joint name=\"j1\" type=\"hinge\" axis=\"0 0 1\" stiffness=\"10\" springref=\"0.2\"\n"
  "             range=\"-90 90\" frictionloss=\"0.1\"/>\n"
  "      <geom type=\"capsule\" fromto=\"0 0 0 0 0.3 0\" size=\"0.03\"/>\n"
  "      <site name=\"s1\" type=\"box\" size=\"0.02 0.02 0.02\"/>\n"
  "      <camera name=\"track\" mode=\"trackcom\" pos=\"0 -2 0\" xyaxes=\"1 0 0 0 0 1\"/>\n"
  "      <light name=\"spot\" mode=\"targetbody\" target=\"ball\" pos=\"0 0 2\"/>\n"
  "      <body name=\"fore\" pos=\"0 0.3 0\" axisangle=\"1 0 0 30\">\n"
  "        <joint name=\"j2\" type=\"slide\" axis=\"0 1 0\" range=\"0 0.2\"/>\n"
  "        <geom type=\"box\" size=\"0.02 0.1 0.02\" mass=\"0.3\"/>\n"
  "      </body>\n"
  "    </body>\n"
  "  </worldbody>\n"
  "  <actuator>\n"
  "    <position name=\"p\" joint=\"j1\" kp=\"50\" ctrlrange=\"-1 1\"/>\n"
  "    <velocity name=\"v\" joint=\"j2\" kv=\"5\"/>\n"
  "    <intvelocity name=\"iv\" joint=\"j2\" actrange=\"0 0.2\" kp=\"10\"/>\n"
  "    <damper name=\"d\" joint=\"j1\" kv=\"1\" ctrlrange=\"0 1\"/>\n"
  "    <cylinder name=\"c\" joint=\"j2\" area=\"0.01\" timeconst=\"0.1\"/>\n"
  "    <general name=\"g\" joint=\"j1\" dyntype=\"filter\" dynprm=\"0.2\" gaintype=\"fixed\"\n"
  "             gainprm=\"3\" biastype=\"affine\" biasprm=\"0 -1 -0.1\" actearly=\"true\"/>\n"
  "  </actuator>\n"
  "</mujoco>\n",

  // defaults, classes and visual/statistic sections
  "<mujoco model=\"classes\">\n"
  "  <compiler angle=\"radian\" eulerseq=\"XYZ\" boundmass=\"0.001\" boundinertia=\"0.0001\"/>\n"
  "  <option gravity=\"0 0 -1\" wind=\"1 0 0\" density=\"1.2\" viscosity=\"0.00002\">\n"
  "    <flag warmstart=\"disable\" energy=\"enable\"/>\n"
  "  </option>\n"
  "  <visual>\n"
  "    <global offwidth=\"320\" offheight=\"240\" fovy=\"45\"/>\n"
  "    <quality shadowsize=\"1024\"/>\n"
  "    <map znear=\"0.01\" zfar=\"50\"/>\n"
  "    <rgba haze=\"0.1 0.1 0.1 1\"/>\n"
  "  </visual>\n"
  "  <statistic extent=\"2\" center=\"0 0 1\"/>\n"
  "  <default>\n"
  "    <default class=\"a\">\n"
  "      <geom type=\"box\" size=\"0.1 0.1 0.1\" rgba=\"1 0 0 1\"/>\n"
  "      <joint type=\"hinge\" axis=\"1 0 0\" damping=\"1\"/>\n"
  "      <default class=\"b\">\n"
  "        <geom type=\"sphere\" size=\"0.05\"/>\n"
  "        <site size=\"0.02\"/>\n"
  "      </default>\n"
  "    </default>\n"
  "  </default>\n"
  "  <worldbody>\n"
  "    <body name=\"b0\" childclass=\"a\" pos=\"0 0 1\" euler=\"0.1 0.2 0.3\">\n"
  "      <joint name=\"h0\"/>\n"
  "      <geom/>\n"
  "      <body name=\"b1\" pos=\"0 0 -0.3\">\n"
  "        <joint name=\"h1\" class=\"b\"/>\n"
  "        <geom class=\"b\"/>\n"
  "        <site class=\"b\" name=\"end\"/>\n"
  "        <body name=\"b2\" pos=\"0 0 -0.3\" gravcomp=\"1\">\n"
  "          <joint name=\"h2\" axis=\"0 1 0\" range=\"-1 1\" limited=\"true\"/>\n"
  "          <geom class=\"b\" mass=\"0.2\"/>\n"
  "        </body>\n"
  "      </body>\n"
  "    </body>\n"
  "    <body mocap=\"true\" name=\"target\" pos=\"1 0 1\">\n"
  "      <geom type=\"sphere\" size=\"0.05\" contype=\"0\" conaffinity=\"0\"/>\n"
  "    </body>\n"
  "  </worldbody>\n"
  "  <keyframe>\n"
  "    <key qpos=\"0.1 0.2 0.3\" mpos=\"1 0 2\" mquat=\"1 0 0 0\"/>\n"
  "  </keyframe>\n"
  "</mujoco>\n",

  // the smallest documents
  "<mujoco/>\n",
  "<mujoco model=\"one\">\n  <worldbody>\n    <geom size=\"1\"/>\n  </worldbody>\n</mujoco>\n",

  // a free-floating body falling on a plane, Euler integrator
  "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
  "<!-- a comment -->\n"
  "<mujoco model=\"drop\">\n"
  "  <option timestep=\"0.002\" integrator=\"Euler\" iterations=\"20\"/>\n"
  "  <worldbody>\n"
  "    <geom type=\"plane\" size=\"1 1 1\" friction=\"0.5\"/>\n"
  "    <body pos=\"0 0 0.3\">\n"
  "      <joint type=\"free\" name=\"root\"/>\n"
  "      <geom type=\"box\" size=\"0.05 0.05 0.05\" condim=\"6\" solref=\"0.01 1\"\n"
  "            solimp=\"0.9 0.95 0.001 0.5 2\"/>\n"
  "    </body>\n"
  "  </worldbody>\n"
  "</mujoco>\n",
};
enum { kNumEmbedded = (int)(sizeof(kSeeds) / sizeof(kSeeds[0])) };

//---------------------------------- hostile fragments ---------------------------------------------

// Inserted right after the root's start tag.
static const char* const kTopSnippets[] = {
  "<size nuserdata=\"2147483647\"/>",
  "<size nuserdata=\"-5\"/>",
  "<size nkey=\"2147483647\"/>",
  "<size memory=\"9223372036854775807\"/>",
  "<size memory=\"1000000T\"/>",
  "<size memory=\"-1\"/>",
  "<size memory=\"1E\"/>",
  "<size memory=\"18446744073709551616\"/>",
  "<size nstack=\"2147483647\"/>",
  "<size njmax=\"2147483647\" nconmax=\"2147483647\"/>",
  "<size nuser_body=\"2147483647\"/>",
  "<size nuser_jnt=\"2147483647\"/>",
  "<size nuser_geom=\"2147483647\"/>",
  "<size nuser_site=\"1073741824\"/>",
  "<size nuser_cam=\"2147483647\"/>",
  "<size nuser_actuator=\"2147483647\"/>",
  "<size nuser_body=\"-2\"/>",
  "<size nuser_geom=\"100000000\"/>",
  "<asset><texture name=\"hugetex\" type=\"2d\" builtin=\"checker\" width=\"2147483647\""
  " height=\"2147483647\"/></asset>",
  "<asset><texture name=\"bigtex\" type=\"2d\" builtin=\"gradient\" width=\"100000\""
  " height=\"100000\"/></asset>",
  "<asset><texture type=\"skybox\" builtin=\"flat\" width=\"2147483647\" height=\"1\"/></asset>",
  "<asset><texture type=\"cube\" builtin=\"checker\" width=\"65536\" height=\"65536\"/></asset>",
  "<asset><texture name=\"negtex\" type=\"cube\" builtin=\"checker\" width=\"-1\""
  " height=\"-1\"/></asset>",
  "<asset><texture name=\"zerotex\" type=\"2d\" builtin=\"checker\" width=\"0\""
  " height=\"0\"/></asset>",
  "<asset><texture name=\"nofile\" type=\"2d\" file=\"nonexistent.png\"/></asset>",
  "<asset><texture name=\"pngtex\" type=\"2d\" file=\"tex.png\"/>"
  "<material name=\"pngmat\" texture=\"pngtex\"/></asset>",
  "<asset><texture name=\"pngcube\" type=\"cube\" file=\"tex.png\" gridsize=\"1 1\"/></asset>",
  "<asset><texture name=\"skypng\" type=\"skybox\" file=\"tex.png\" nchannel=\"4\"/></asset>",
  "<asset><texture name=\"bomb\" type=\"2d\" file=\"bomb.png\"/></asset>",
  "<asset><texture name=\"badpng\" type=\"2d\" file=\"bad.png\"/></asset>",
  "<asset><texture name=\"truncpng\" type=\"cube\" file=\"trunc.png\"/></asset>",
  "<asset><texture name=\"notpng\" type=\"2d\" file=\"model.xml\"/></asset>",
  "<asset><texture name=\"dirtex\" type=\"2d\" file=\"/\"/></asset>",
  "<asset><texture name=\"nulltex\" type=\"2d\" file=\"/dev/null\"/></asset>",
  "<asset><material name=\"m\" texture=\"nonexistent\"/></asset>",
  "<asset><material name=\"m\" rgba=\"nan inf -inf 1e308\" texrepeat=\"0 0\"/></asset>",
  "<custom><numeric name=\"hugenum\" size=\"2147483647\"/></custom>",
  "<custom><numeric name=\"negnum\" size=\"-1\"/></custom>",
  "<custom><numeric name=\"shortnum\" size=\"3\" data=\"1 2 3 4 5 6\"/></custom>",
  "<custom><numeric name=\"bignum\" size=\"100000000\" data=\"1\"/></custom>",
  "<custom><tuple name=\"tp\"><element objtype=\"body\" objname=\"nonexistent\"/></tuple>"
  "</custom>",
  "<keyframe><key qpos=\"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20\"/></keyframe>",
  "<keyframe><key time=\"nan\" qpos=\"\"/></keyframe>",
  "<keyframe><key ctrl=\"1e308 1e308\" act=\"1 2 3\"/></keyframe>",
  "<keyframe><key mpos=\"1 2 3 4 5 6 7 8 9\" mquat=\"0 0 0 0\"/></keyframe>",
  "<compiler angle=\"radian\" eulerseq=\"zzz\" boundmass=\"1e308\" boundinertia=\"-1\""
  " settotalmass=\"1e-308\"/>",
  "<compiler fusestatic=\"true\" discardvisual=\"true\" inertiafromgeom=\"true\"/>",
  "<compiler settotalmass=\"0\"/>",
  "<option timestep=\"0\"/>",
  "<option timestep=\"-1\"/>",
  "<option timestep=\"1e308\" gravity=\"1e308 1e308 1e308\"/>",
  "<option timestep=\"1e-300\" integrator=\"RK4\"/>",
  "<option gravity=\"nan nan nan\" wind=\"inf 0 0\" density=\"1e308\" viscosity=\"nan\"/>",
  "<option><flag contact=\"disable\" gravity=\"disable\" limit=\"disable\"/></option>",
  "<default><default class=\"dup\"/><default class=\"dup\"/></default>",
  "<default class=\"main\"><joint damping=\"-1\"/></default>",
  "<statistic extent=\"0\" center=\"nan 0 0\" meansize=\"-1\"/>",
  "<visual><global offwidth=\"2147483647\" offheight=\"2147483647\"/>"
  "<quality shadowsize=\"2147483647\"/></visual>",
  "<include file=\"model.xml\"/>",
  "<include file=\"\"/>",
  "<include file=\"/dev/null\"/>",
  "<include file=\"/\"/>",
  "<include file=\"nonexistent.xml\"/>",
  "<worldbody><replicate count=\"2147483647\"><geom size=\"0.1\"/></replicate></worldbody>",
};
enum { kNumTopSnippets = (int)(sizeof(kTopSnippets) / sizeof(kTopSnippets[0])) };

// Inserted as the first children of <worldbody>.
static const char* const kWorldSnippets[] = {
  "<replicate count=\"2147483647\"><geom size=\"0.1\"/></replicate>",
  "<replicate count=\"1000000000\" offset=\"0 0 1\"><body><joint/><geom size=\"0.1\"/></body>"
  "</replicate>",
  "<replicate count=\"0\"><geom size=\"1\"/></replicate>",
  "<replicate count=\"-1\"><geom size=\"1\"/></replicate>",
  "<replicate count=\"100\"><replicate count=\"100\"><replicate count=\"100\">"
  "<replicate count=\"100\"><replicate count=\"100\"><geom size=\"0.1\"/></replicate>"
  "</replicate></replicate></replicate></replicate>",
  "<replicate count=\"65536\"><replicate count=\"65536\"><body><joint/><geom size=\"0.1\"/>"
  "</body></replicate></replicate>",
  "<replicate count=\"2\" offset=\"nan inf 0\" euler=\"1e308 0 0\"><geom size=\"0.1\"/>"
  "</replicate>",
  "<body><joint type=\"free\"/><geom size=\"1e308\"/></body>",
  "<body><joint type=\"free\"/><geom type=\"box\" size=\"1e-308 1e-308 1e-308\"/></body>",
  "<body pos=\"nan nan nan\"><joint/><geom size=\"0.1\" mass=\"0\"/></body>",
  "<body><inertial pos=\"0 0 0\" mass=\"1e308\" diaginertia=\"1e308 1e308 1e308\"/><joint/>"
  "</body>",
  "<body><inertial pos=\"0 0 0\" mass=\"0\" diaginertia=\"0 0 0\"/><joint/></body>",
  "<body><inertial pos=\"0 0 0\" mass=\"1\" fullinertia=\"1 1 1 2 2 2\"/><joint/></body>",
  "<body><freejoint/><geom type=\"box\" size=\"0 0 0\"/></body>",
  "<geom type=\"plane\" size=\"0 0 0\"/>",
  "<geom type=\"capsule\" fromto=\"0 0 0 0 0 0\" size=\"0.1\"/>",
  "<geom type=\"cylinder\" fromto=\"nan 0 0 1 1 1\" size=\"0.1\"/>",
  "<geom type=\"ellipsoid\" size=\"-1 0 1\"/>",
  "<geom type=\"cylinder\" size=\"1e308 1e308\"/>",
  "<geom type=\"mesh\" mesh=\"nonexistent\"/>",
  "<geom type=\"hfield\" size=\"1 1 1 1\"/>",
  "<geom type=\"sphere\" size=\"1\" material=\"nonexistent\"/>",
  "<geom type=\"sphere\" size=\"1\" class=\"nonexistent\"/>",
  "<body quat=\"0 0 0 0\"><joint/><geom size=\"1\"/></body>",
  "<body axisangle=\"0 0 0 1\"><joint/><geom size=\"1\"/></body>",
  "<body xyaxes=\"1 0 0 1 0 0\"><joint/><geom size=\"1\"/></body>",
  "<body zaxis=\"0 0 0\"><joint/><geom size=\"1\"/></body>",
  "<body euler=\"1e308 -1e308 nan\"><joint/><geom size=\"1\"/></body>",
  "<body quat=\"1 0 0 0\" euler=\"0 0 0\"><geom size=\"1\"/></body>",
  "<body><joint type=\"ball\" range=\"0 1e308\"/><geom size=\"0.1\"/></body>",
  "<body><joint type=\"hinge\" axis=\"0 0 0\"/><geom size=\"0.1\"/></body>",
  "<body><joint type=\"slide\" axis=\"nan 0 0\"/><geom size=\"0.1\"/></body>",
  "<body><joint ref=\"1e308\" springref=\"nan\" stiffness=\"1e308\" damping=\"-1\""
  " armature=\"-1\"/><geom size=\"0.1\"/></body>",
  "<body><joint range=\"1 -1\" limited=\"true\"/><geom size=\"0.1\"/></body>",
  "<body><freejoint/><freejoint/><geom size=\"0.1\"/></body>",
  "<body><body><freejoint/><geom size=\"0.1\"/></body><joint/></body>",
  "<frame><frame><frame pos=\"1e308 0 0\"><geom size=\"0.1\"/></frame></frame></frame>",
  "<frame quat=\"0 0 0 0\"><body><joint/><geom size=\"0.1\"/></body></frame>",
  "<camera mode=\"targetbody\" target=\"nonexistent\"/>",
  "<camera fovy=\"-1\" ipd=\"nan\" resolution=\"2147483647 2147483647\"/>",
  "<light directional=\"true\" dir=\"0 0 0\"/>",
  "<light mode=\"targetbodycom\" target=\"world\"/>",
  "<site type=\"box\" size=\"0 0 0\"/>",
  "<site type=\"capsule\" fromto=\"1 1 1 1 1 1\" size=\"0.1\"/>",
  "<body name=\"dupname\"><body name=\"dupname\"/></body>",
  "<body childclass=\"nonexistent\"/>",
  "<body mocap=\"true\"><joint/></body>",
  "<body gravcomp=\"nan\"><joint/><geom size=\"0.1\"/></body>",
  "<body user=\"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 24\">"
  "<geom size=\"0.1\" user=\"1e308 nan -inf\"/></body>",
};
enum { kNumWorldSnippets = (int)(sizeof(kWorldSnippets) / sizeof(kWorldSnippets[0])) };

// Inserted before the root's end tag; %J is replaced by a joint name from the document.
static const char* const kActuatorSnippets[] = {
  "<actuator><motor joint=\"nonexistent\"/></actuator>",
  "<actuator><motor/></actuator>",
  "<actuator><general joint=\"%J\" gear=\"1e308 0 0 0 0 0\" ctrlrange=\"1 -1\""
  " ctrllimited=\"true\"/></actuator>",
  "<actuator><position joint=\"%J\" kp=\"1e308\" dampratio=\"nan\"/></actuator>",
  "<actuator><position joint=\"%J\" kp=\"-1\" inheritrange=\"2\"/></actuator>",
  "<actuator><general joint=\"%J\" dyntype=\"filter\" dynprm=\"0\" actdim=\"2147483647\"/>"
  "</actuator>",
  "<actuator><general joint=\"%J\" dyntype=\"integrator\" actdim=\"-1\"/></actuator>",
  "<actuator><intvelocity joint=\"%J\" actrange=\"1 -1\"/></actuator>",
  "<actuator><cylinder joint=\"%J\" area=\"-1\" diameter=\"nan\"/></actuator>",
  "<actuator><damper joint=\"%J\" kv=\"-1\"/></actuator>",
  "<actuator><velocity joint=\"%J\" kv=\"1e308\" forcelimited=\"true\" forcerange=\"1 -1\"/>"
  "</actuator>",
  "<actuator><general joint=\"%J\" user=\"1 2 3 4 5 6 7 8 9 10\"/></actuator>",
  "<actuator><general joint=\"%J\" lengthrange=\"1 -1\"/></actuator>",
  "<actuator><general joint=\"%J\" gainprm=\"1 2 3 4 5 6 7 8 9 10\""
  " biasprm=\"1e308 -1e308 nan\"/></actuator>",
  "<actuator><motor joint=\"%J\" jointinparent=\"%J\"/></actuator>",
  "<actuator><motor joint=\"%J\"/><motor joint=\"%J\" name=\"x\"/><motor joint=\"%J\""
  " name=\"x\"/></actuator>",
};
enum {
  kNumActuatorSnippets = (int)(sizeof(kActuatorSnippets) / sizeof(kActuatorSnippets[0]))
};

// Replacement numbers.
static const char* const kExtremes[] = {
  "1e308", "-1e308", "1e-308", "-0", "nan", "inf", "-inf", "NaN", "+inf", "2147483647",
  "-2147483648", "2147483648", "4294967296", "9223372036854775807", "1e999", "0", "-1",
  "0x10", "1e", "--1", "1.7976931348623157e308", "4.9e-324", "99999999999999999999999",
  "1073741824", "65536", "-0.0e-0", ".", "1..2", "1,2",
};
enum { kNumExtremes = (int)(sizeof(kExtremes) / sizeof(kExtremes[0])) };

// Attributes whose huge values only make a correct simulation slow.
static const char* const kSlowAttrs[] = {
  "iterations", "ls_iterations", "noslip_iterations", "ccd_iterations", "sdf_iterations",
  "sdf_initpoints", "maxhullvert",
};

//---------------------------------- buffers and random numbers ------------------------------------

typedef struct {
  char* p;
  size_t n;
  size_t cap;
} sbuf;

static void sb_reserve(sbuf* b, size_t n) {
  if (n > ((size_t)1 << 40)) {
    fprintf(stderr, "mutate_loader: buffer too large\n");
    exit(2);
  }
  if (n + 1 <= b->cap) {
    return;
  }
  size_t cap = b->cap ? b->cap : 256;
  while (cap < n + 1) {
    cap *= 2;
  }
  char* p = (char*)realloc(b->p, cap);
  if (!p) {
    fprintf(stderr, "mutate_loader: out of memory\n");
    exit(2);
  }
  b->p = p;
  b->cap = cap;
}

static void sb_set(sbuf* b, const char* s, size_t n) {
  sb_reserve(b, n);
  memcpy(b->p, s, n);
  b->n = n;
  b->p[n] = 0;
}

// Replace b[pos, pos+len) by s[0, slen).
static void sb_replace(sbuf* b, size_t pos, size_t len, const char* s, size_t slen) {
  if (pos > b->n) {
    pos = b->n;
  }
  if (pos + len > b->n) {
    len = b->n - pos;
  }
  sb_reserve(b, b->n - len + slen);
  memmove(b->p + pos + slen, b->p + pos + len, b->n - pos - len);
  memcpy(b->p + pos, s, slen);
  b->n = b->n - len + slen;
  b->p[b->n] = 0;
}

static void sb_insert(sbuf* b, size_t pos, const char* s, size_t slen) {
  sb_replace(b, pos, 0, s, slen);
}

static void sb_append(sbuf* b, const char* s) {
  sb_insert(b, b->n, s, strlen(s));
}

static uint64_t rng_next(uint64_t* s) {
  uint64_t z = (*s += 0x9e3779b97f4a7c15ULL);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
  return z ^ (z >> 31);
}

// Uniform in [0, n) (n > 0).
static size_t rnd(uint64_t* s, size_t n) {
  return n ? (size_t)(rng_next(s) % n) : 0;
}

//---------------------------------- a forgiving tag scanner ---------------------------------------

typedef struct {
  size_t name_off, name_len;
  size_t val_off, val_len;     // inside the quotes
} xattr;

typedef struct {
  size_t start, end;           // '<' .. one past '>'
  size_t name_off, name_len;
  int close;                   // </x>
  int selfclose;               // <x/>
  int attr0, nattr;            // into xscan.attrs
  int match;                   // for start tags: index of the matching end tag, or -1
} xtag;

typedef struct {
  xtag* tags;
  int ntag, captag;
  xattr* attrs;
  int nattr, capattr;
} xscan;

static int is_name_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         c == '_' || c == ':' || c == '.' || c == '-';
}

static int is_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r';
}

static const char* find_str(const char* p, size_t n, size_t from, const char* s) {
  size_t k = strlen(s);
  for (size_t i = from; i + k <= n; i++) {
    if (!memcmp(p + i, s, k)) {
      return p + i;
    }
  }
  return NULL;
}

static void xscan_run(const char* p, size_t n, xscan* x) {
  x->ntag = 0;
  x->nattr = 0;
  size_t i = 0;
  int stack[256];
  int depth = 0;
  while (i < n) {
    if (p[i] != '<') {
      i++;
      continue;
    }
    const char* skip_to = NULL;
    if (i + 4 <= n && !memcmp(p + i, "<!--", 4)) {
      skip_to = find_str(p, n, i + 4, "-->");
      i = skip_to ? (size_t)(skip_to - p) + 3 : n;
      continue;
    }
    if (i + 9 <= n && !memcmp(p + i, "<![CDATA[", 9)) {
      skip_to = find_str(p, n, i + 9, "]]>");
      i = skip_to ? (size_t)(skip_to - p) + 3 : n;
      continue;
    }
    if (i + 2 <= n && (p[i + 1] == '?' || p[i + 1] == '!')) {
      skip_to = find_str(p, n, i + 2, ">");
      i = skip_to ? (size_t)(skip_to - p) + 1 : n;
      continue;
    }
    xtag t;
    memset(&t, 0, sizeof(t));
    t.start = i;
    t.match = -1;
    size_t j = i + 1;
    if (j < n && p[j] == '/') {
      t.close = 1;
      j++;
    }
    t.name_off = j;
    while (j < n && is_name_char(p[j])) {
      j++;
    }
    t.name_len = j - t.name_off;
    if (!t.name_len) {
      i++;
      continue;
    }
    t.attr0 = x->nattr;
    int ok = 1;
    for (;;) {
      while (j < n && is_space(p[j])) {
        j++;
      }
      if (j >= n) {
        ok = 0;
        break;
      }
      if (p[j] == '>') {
        j++;
        break;
      }
      if (p[j] == '/' && j + 1 < n && p[j + 1] == '>' && !t.close) {
        t.selfclose = 1;
        j += 2;
        break;
      }
      if (t.close || !is_name_char(p[j])) {
        ok = 0;
        break;
      }
      xattr a;
      a.name_off = j;
      while (j < n && is_name_char(p[j])) {
        j++;
      }
      a.name_len = j - a.name_off;
      while (j < n && is_space(p[j])) {
        j++;
      }
      if (j >= n || p[j] != '=') {
        ok = 0;
        break;
      }
      j++;
      while (j < n && is_space(p[j])) {
        j++;
      }
      if (j >= n || (p[j] != '"' && p[j] != '\'')) {
        ok = 0;
        break;
      }
      char q = p[j++];
      a.val_off = j;
      while (j < n && p[j] != q && p[j] != '<') {
        j++;
      }
      if (j >= n || p[j] != q) {
        ok = 0;
        break;
      }
      a.val_len = j - a.val_off;
      j++;
      if (x->nattr == x->capattr) {
        x->capattr = x->capattr ? 2 * x->capattr : 256;
        x->attrs = (xattr*)realloc(x->attrs, sizeof(xattr) * (size_t)x->capattr);
        if (!x->attrs) {
          exit(2);
        }
      }
      x->attrs[x->nattr++] = a;
    }
    if (!ok) {
      x->nattr = t.attr0;
      i = j > i ? j : i + 1;
      continue;
    }
    t.nattr = x->nattr - t.attr0;
    t.end = j;
    if (x->ntag == x->captag) {
      x->captag = x->captag ? 2 * x->captag : 256;
      x->tags = (xtag*)realloc(x->tags, sizeof(xtag) * (size_t)x->captag);
      if (!x->tags) {
        exit(2);
      }
    }
    int id = x->ntag++;
    x->tags[id] = t;
    if (t.close) {
      // pair with the nearest open tag of the same name
      for (int k = depth - 1; k >= 0; k--) {
        xtag* o = &x->tags[stack[k]];
        if (o->name_len == t.name_len && !memcmp(p + o->name_off, p + t.name_off, t.name_len)) {
          o->match = id;
          depth = k;
          break;
        }
      }
    } else if (!t.selfclose && depth < 256) {
      stack[depth++] = id;
    }
    i = j;
  }
}

// The first start tag named name (or -1).
static int xscan_find(const xscan* x, const char* p, const char* name) {
  size_t len = strlen(name);
  for (int i = 0; i < x->ntag; i++) {
    const xtag* t = &x->tags[i];
    if (!t->close && t->name_len == len && !memcmp(p + t->name_off, name, len)) {
      return i;
    }
  }
  return -1;
}

// The first start tag (the root), or -1.
static int xscan_root(const xscan* x) {
  for (int i = 0; i < x->ntag; i++) {
    if (!x->tags[i].close) {
      return i;
    }
  }
  return -1;
}

// One past the end of the root element, or 0 when it cannot be told.
static size_t xscan_root_end(const xscan* x) {
  int r = xscan_root(x);
  if (r < 0) {
    return 0;
  }
  if (x->tags[r].selfclose) {
    return x->tags[r].end;
  }
  return x->tags[r].match >= 0 ? x->tags[x->tags[r].match].end : 0;
}

//---------------------------------- the grammar's names -------------------------------------------

typedef struct {
  char** names;
  int n, cap;
} nameset;

static nameset g_attr_names;
static nameset g_elem_names;

static int nameset_has(const nameset* s, const char* name, size_t len) {
  for (int i = 0; i < s->n; i++) {
    if (strlen(s->names[i]) == len && !memcmp(s->names[i], name, len)) {
      return 1;
    }
  }
  return 0;
}

static void nameset_add(nameset* s, const char* name, size_t len) {
  if (nameset_has(s, name, len)) {
    return;
  }
  if (s->n == s->cap) {
    s->cap = s->cap ? 2 * s->cap : 256;
    s->names = (char**)realloc(s->names, sizeof(char*) * (size_t)s->cap);
    if (!s->names) {
      exit(2);
    }
  }
  char* c = (char*)malloc(len + 1);
  memcpy(c, name, len);
  c[len] = 0;
  s->names[s->n++] = c;
}

static void nameset_free(nameset* s) {
  for (int i = 0; i < s->n; i++) {
    free(s->names[i]);
  }
  free(s->names);
  memset(s, 0, sizeof(*s));
}

static void load_grammar_names(void) {
  int n = sn_schema_ndef();
  for (int i = 0; i < n; i++) {
    const sn_elem_def* e = sn_schema_elem(i);
    if (!e) {
      continue;
    }
    const char* slash = strrchr(e->key, '/');
    const char* name = slash ? slash + 1 : e->key;
    nameset_add(&g_elem_names, name, strlen(name));
    for (const sn_attr_def* a = e->attrs; a && a->name; a++) {
      nameset_add(&g_attr_names, a->name, strlen(a->name));
    }
  }
  // names a correct reader may accept even if the grammar table lacks them
  static const char* const extra[] = {"xmlns", "version", "encoding"};
  for (size_t i = 0; i < sizeof(extra) / sizeof(extra[0]); i++) {
    nameset_add(&g_attr_names, extra[i], strlen(extra[i]));
  }
}

//---------------------------------- seeds ---------------------------------------------------------

typedef struct {
  char* name;
  char* data;
  size_t size;
  int extra_dir;               // index into g_extra_dirs, -1 none
  int regression;              // a reproducer from the corpus
  int baseline_ok;             // loads unmodified
  int crashes;                 // a reproducer that still fails: not used as a seed
} seed;

typedef struct {
  snf_file* files;
  int nfile;
} extra_set;

static seed* g_seeds;
static int g_nseed;
static extra_set g_extra[16];
static char* g_extra_path[16];
static int g_nextra;

static char* read_file(const char* path, size_t* size) {
  FILE* fp = fopen(path, "rb");
  if (!fp) {
    return NULL;
  }
  sbuf b = {0};
  char chunk[65536];
  size_t k;
  while ((k = fread(chunk, 1, sizeof(chunk), fp)) > 0) {
    sb_insert(&b, b.n, chunk, k);
  }
  fclose(fp);
  if (!b.p) {
    sb_set(&b, "", 0);
  }
  *size = b.n;
  return b.p;
}

static char* xstrdup(const char* s) {
  size_t n = strlen(s) + 1;
  char* r = (char*)malloc(n);
  memcpy(r, s, n);
  return r;
}

static void add_seed(const char* name, const char* data, size_t size, int extra, int regression) {
  g_seeds = (seed*)realloc(g_seeds, sizeof(seed) * (size_t)(g_nseed + 1));
  if (!g_seeds) {
    exit(2);
  }
  seed* s = &g_seeds[g_nseed++];
  memset(s, 0, sizeof(*s));
  s->name = xstrdup(name);
  s->data = (char*)malloc(size + 1);
  memcpy(s->data, data, size);
  s->data[size] = 0;
  s->size = size;
  s->extra_dir = extra;
  s->regression = regression;
}

static int cmp_str(const void* a, const void* b) {
  return strcmp(*(char* const*)a, *(char* const*)b);
}

// Sorted names of the *.xml files in dir (NULL when the directory does not exist).
static char** list_xml(const char* dir, int* count) {
  *count = 0;
  DIR* d = opendir(dir);
  if (!d) {
    return NULL;
  }
  char** names = NULL;
  int n = 0;
  struct dirent* e;
  while ((e = readdir(d)) != NULL) {
    size_t len = strlen(e->d_name);
    if (len > 4 && !strcmp(e->d_name + len - 4, ".xml")) {
      names = (char**)realloc(names, sizeof(char*) * (size_t)(n + 1));
      if (!names) {
        exit(2);
      }
      names[n++] = xstrdup(e->d_name);
    }
  }
  closedir(d);
  if (n) {
    qsort(names, (size_t)n, sizeof(char*), cmp_str);
  }
  *count = n;
  return names;
}

static void free_list(char** names, int n) {
  for (int i = 0; i < n; i++) {
    free(names[i]);
  }
  free(names);
}

// The files of dir/include as VFS entries "include/NAME"; returns the set's index or -1.
static int load_extra_dir(const char* dir) {
  char inc[4096];
  snprintf(inc, sizeof(inc), "%s/include", dir);
  for (int i = 0; i < g_nextra; i++) {
    if (!strcmp(g_extra_path[i], inc)) {
      return i;
    }
  }
  int n = 0;
  char** names = list_xml(inc, &n);
  if (!names || g_nextra >= 16) {
    free_list(names, n);
    return -1;
  }
  extra_set* es = &g_extra[g_nextra];
  es->files = (snf_file*)calloc((size_t)n, sizeof(snf_file));
  for (int i = 0; i < n; i++) {
    char path[8192], key[4096];
    snprintf(path, sizeof(path), "%s/%s", inc, names[i]);
    snprintf(key, sizeof(key), "include/%s", names[i]);
    size_t size = 0;
    char* data = read_file(path, &size);
    if (!data) {
      continue;
    }
    es->files[es->nfile].name = xstrdup(key);
    es->files[es->nfile].data = data;
    es->files[es->nfile].size = size;
    es->nfile++;
  }
  free_list(names, n);
  g_extra_path[g_nextra] = xstrdup(inc);
  return g_nextra++;
}

static void add_seed_dir(const char* dir, int regression) {
  int n = 0;
  char** names = list_xml(dir, &n);
  if (!names) {
    return;
  }
  int extra = regression ? -1 : load_extra_dir(dir);
  for (int i = 0; i < n; i++) {
    char path[8192];
    snprintf(path, sizeof(path), "%s/%s", dir, names[i]);
    size_t size = 0;
    char* data = read_file(path, &size);
    if (!data) {
      continue;
    }
    add_seed(path, data, size, extra, regression);
    free(data);
  }
  free_list(names, n);
}

//---------------------------------- mutations -----------------------------------------------------

enum { CLS_NONE = 0, CLS_SYNTAX, CLS_SCHEMA };

typedef struct {
  sbuf doc;
  xscan scan;
  char log[1024];              // what was done, for the report
  int cls;                     // class of the last mutation
  int nmut;
} mutant;

static void note(mutant* mu, const char* fmt, const char* detail) {
  size_t len = strlen(mu->log);
  if (len + 4 < sizeof(mu->log)) {
    snprintf(mu->log + len, sizeof(mu->log) - len, "%s%s%s%s%s", len ? ", " : "", fmt,
             detail ? " '" : "", detail ? detail : "", detail ? "'" : "");
  }
}

static void rescan(mutant* mu) {
  xscan_run(mu->doc.p, mu->doc.n, &mu->scan);
}

// A random start or empty tag (not an end tag); -1 when there is none.
static int pick_tag(mutant* mu, uint64_t* r, int need_attr) {
  int cand = 0;
  for (int i = 0; i < mu->scan.ntag; i++) {
    if (!mu->scan.tags[i].close && (!need_attr || mu->scan.tags[i].nattr)) {
      cand++;
    }
  }
  if (!cand) {
    return -1;
  }
  size_t k = rnd(r, (size_t)cand);
  for (int i = 0; i < mu->scan.ntag; i++) {
    if (!mu->scan.tags[i].close && (!need_attr || mu->scan.tags[i].nattr)) {
      if (!k--) {
        return i;
      }
    }
  }
  return -1;
}

static int is_slow_attr(const char* name, size_t len) {
  for (size_t i = 0; i < sizeof(kSlowAttrs) / sizeof(kSlowAttrs[0]); i++) {
    if (strlen(kSlowAttrs[i]) == len && !memcmp(kSlowAttrs[i], name, len)) {
      return 1;
    }
  }
  return 0;
}

static void mut_flip(mutant* mu, uint64_t* r) {
  if (!mu->doc.n) {
    return;
  }
  int k = 1 + (int)rnd(r, 4);
  for (int i = 0; i < k; i++) {
    mu->doc.p[rnd(r, mu->doc.n)] ^= (char)(1u << rnd(r, 8));
  }
  note(mu, "bit flips", NULL);
}

static void mut_special_byte(mutant* mu, uint64_t* r) {
  static const char kSpecial[] = "<>\"'&/=\0\xff\xc3 \n-.e9;#]?!";
  if (!mu->doc.n) {
    return;
  }
  char c = kSpecial[rnd(r, sizeof(kSpecial) - 1)];
  size_t pos = rnd(r, mu->doc.n);
  if (rnd(r, 2)) {
    mu->doc.p[pos] = c;
  } else {
    sb_insert(&mu->doc, pos, &c, 1);
  }
  note(mu, "special byte", NULL);
}

static void mut_truncate(mutant* mu, uint64_t* r) {
  size_t root_end = xscan_root_end(&mu->scan);
  size_t pos = rnd(r, mu->doc.n + 1);
  mu->doc.n = pos;
  if (mu->doc.p) {
    mu->doc.p[pos] = 0;
  }
  note(mu, "truncation", NULL);
  if (root_end && pos < root_end) {
    mu->cls = CLS_SYNTAX;
  }
}

// Offsets of the start of each line.
static size_t line_span(const sbuf* b, size_t k, size_t* len, size_t* nline) {
  size_t line = 0, start = 0;
  for (size_t i = 0; i <= b->n; i++) {
    if (i == b->n || b->p[i] == '\n') {
      if (line == k) {
        *len = i - start + (i < b->n);
        return start;
      }
      line++;
      start = i + 1;
    }
  }
  *nline = line;
  *len = 0;
  return b->n;
}

static size_t count_lines(const sbuf* b) {
  size_t n = 1;
  for (size_t i = 0; i < b->n; i++) {
    n += b->p[i] == '\n';
  }
  return n;
}

static void mut_line(mutant* mu, uint64_t* r) {
  size_t nline = count_lines(&mu->doc), len = 0, dummy = 0;
  size_t start = line_span(&mu->doc, rnd(r, nline), &len, &dummy);
  if (rnd(r, 2)) {
    sb_replace(&mu->doc, start, len, "", 0);
    note(mu, "deleted line", NULL);
  } else {
    char* copy = (char*)malloc(len + 2);
    memcpy(copy, mu->doc.p + start, len);
    if (!len || copy[len - 1] != '\n') {
      copy[len++] = '\n';
    }
    sb_insert(&mu->doc, start, copy, len);
    free(copy);
    note(mu, "duplicated line", NULL);
  }
}

static void mut_extreme_number(mutant* mu, uint64_t* r) {
  // attributes whose value holds a digit
  int cand = 0;
  for (int i = 0; i < mu->scan.nattr; i++) {
    const xattr* a = &mu->scan.attrs[i];
    if (is_slow_attr(mu->doc.p + a->name_off, a->name_len)) {
      continue;
    }
    for (size_t j = 0; j < a->val_len; j++) {
      if (mu->doc.p[a->val_off + j] >= '0' && mu->doc.p[a->val_off + j] <= '9') {
        cand++;
        break;
      }
    }
  }
  if (!cand) {
    return;
  }
  size_t k = rnd(r, (size_t)cand);
  for (int i = 0; i < mu->scan.nattr; i++) {
    const xattr* a = &mu->scan.attrs[i];
    if (is_slow_attr(mu->doc.p + a->name_off, a->name_len)) {
      continue;
    }
    int has = 0;
    for (size_t j = 0; j < a->val_len; j++) {
      if (mu->doc.p[a->val_off + j] >= '0' && mu->doc.p[a->val_off + j] <= '9') {
        has = 1;
        break;
      }
    }
    if (!has || k--) {
      continue;
    }
    const char* x = kExtremes[rnd(r, kNumExtremes)];
    char name[64];
    snprintf(name, sizeof(name), "%.*s=%s", (int)(a->name_len < 40 ? a->name_len : 40),
             mu->doc.p + a->name_off, x);
    // the k-th number token of the value, or the whole value
    size_t ntok = 0;
    for (size_t j = 0; j < a->val_len; j++) {
      char c = mu->doc.p[a->val_off + j];
      char prev = j ? mu->doc.p[a->val_off + j - 1] : ' ';
      if (!is_space(c) && is_space(prev)) {
        ntok++;
      }
    }
    if (ntok <= 1 || rnd(r, 3) == 0) {
      sb_replace(&mu->doc, a->val_off, a->val_len, x, strlen(x));
    } else {
      size_t want = rnd(r, ntok), seen = 0;
      for (size_t j = 0; j < a->val_len; j++) {
        char c = mu->doc.p[a->val_off + j];
        char prev = j ? mu->doc.p[a->val_off + j - 1] : ' ';
        if (!is_space(c) && is_space(prev)) {
          if (seen++ == want) {
            size_t e = j;
            while (e < a->val_len && !is_space(mu->doc.p[a->val_off + e])) {
              e++;
            }
            sb_replace(&mu->doc, a->val_off + j, e - j, x, strlen(x));
            break;
          }
        }
      }
    }
    note(mu, "extreme number", name);
    return;
  }
}

// Replace %J by a joint name from the document (or "nonexistent").
static void subst_joint(const mutant* mu, const char* snippet, sbuf* out) {
  char joint[256] = "nonexistent";
  for (int i = 0; i < mu->scan.ntag; i++) {
    const xtag* t = &mu->scan.tags[i];
    if (t->close || t->name_len != 5 || memcmp(mu->doc.p + t->name_off, "joint", 5)) {
      continue;
    }
    for (int j = 0; j < t->nattr; j++) {
      const xattr* a = &mu->scan.attrs[t->attr0 + j];
      if (a->name_len == 4 && !memcmp(mu->doc.p + a->name_off, "name", 4) && a->val_len &&
          a->val_len < sizeof(joint)) {
        memcpy(joint, mu->doc.p + a->val_off, a->val_len);
        joint[a->val_len] = 0;
        i = mu->scan.ntag;
        break;
      }
    }
  }
  out->n = 0;
  sb_set(out, "", 0);
  for (const char* s = snippet; *s; s++) {
    if (s[0] == '%' && s[1] == 'J') {
      sb_append(out, joint);
      s++;
    } else {
      sb_insert(out, out->n, s, 1);
    }
  }
}

// Where fragments go: after the root's start tag, inside the first <worldbody>, before
// the root's end tag. Returns 0 when the document has no usable root.
static int insert_top(mutant* mu, const char* text) {
  int root = xscan_root(&mu->scan);
  if (root < 0 || mu->scan.tags[root].selfclose) {
    if (root >= 0) {
      // <mujoco/> -> <mujoco>text</mujoco>
      const xtag* t = &mu->scan.tags[root];
      sbuf b = {0};
      sb_set(&b, mu->doc.p + t->start, t->end - t->start - 2);
      sb_append(&b, ">");
      sb_append(&b, text);
      sb_append(&b, "</");
      sb_insert(&b, b.n, mu->doc.p + t->name_off, t->name_len);
      sb_append(&b, ">");
      sb_replace(&mu->doc, t->start, t->end - t->start, b.p, b.n);
      free(b.p);
      return 1;
    }
    return 0;
  }
  sb_insert(&mu->doc, mu->scan.tags[root].end, text, strlen(text));
  return 1;
}

static int insert_world(mutant* mu, const char* text) {
  int w = xscan_find(&mu->scan, mu->doc.p, "worldbody");
  if (w >= 0 && !mu->scan.tags[w].selfclose) {
    sb_insert(&mu->doc, mu->scan.tags[w].end, text, strlen(text));
    return 1;
  }
  sbuf b = {0};
  sb_set(&b, "<worldbody>", 11);
  sb_append(&b, text);
  sb_append(&b, "</worldbody>");
  int ok = insert_top(mu, b.p);
  free(b.p);
  return ok;
}

static int insert_bottom(mutant* mu, const char* text) {
  int root = xscan_root(&mu->scan);
  if (root >= 0 && mu->scan.tags[root].match >= 0) {
    sb_insert(&mu->doc, mu->scan.tags[mu->scan.tags[root].match].start, text, strlen(text));
    return 1;
  }
  return insert_top(mu, text);
}

static void mut_snippet(mutant* mu, uint64_t* r) {
  int which = (int)rnd(r, 3);
  if (which == 0) {
    const char* s = kTopSnippets[rnd(r, kNumTopSnippets)];
    if (insert_top(mu, s)) {
      note(mu, "fragment", s);
    }
  } else if (which == 1) {
    const char* s = kWorldSnippets[rnd(r, kNumWorldSnippets)];
    if (insert_world(mu, s)) {
      note(mu, "fragment", s);
    }
  } else {
    sbuf b = {0};
    subst_joint(mu, kActuatorSnippets[rnd(r, kNumActuatorSnippets)], &b);
    if (insert_bottom(mu, b.p)) {
      note(mu, "fragment", b.p);
    }
    free(b.p);
  }
}

static void mut_delete_close(mutant* mu, uint64_t* r) {
  int cand = 0;
  for (int i = 0; i < mu->scan.ntag; i++) {
    cand += mu->scan.tags[i].close;
  }
  if (!cand) {
    return;
  }
  size_t k = rnd(r, (size_t)cand);
  for (int i = 0; i < mu->scan.ntag; i++) {
    const xtag* t = &mu->scan.tags[i];
    if (t->close && !k--) {
      char name[64];
      snprintf(name, sizeof(name), "%.*s", (int)(t->name_len < 60 ? t->name_len : 60),
               mu->doc.p + t->name_off);
      sb_replace(&mu->doc, t->start, t->end - t->start, "", 0);
      note(mu, "deleted end tag", name);
      mu->cls = CLS_SYNTAX;
      return;
    }
  }
}

// A misspelling of name[0, len) that the grammar does not know; 0 when none was found.
static int misspell(const nameset* known, const char* name, size_t len, uint64_t* r, char* out,
                    size_t cap) {
  if (len == 0 || len + 2 >= cap) {
    return 0;
  }
  for (int attempt = 0; attempt < 32; attempt++) {
    memcpy(out, name, len);
    size_t n = len;
    size_t i = rnd(r, len);
    switch (rnd(r, 6)) {
      case 0:  // swap neighbours
        if (len >= 2) {
          i = rnd(r, len - 1);
          char c = out[i];
          out[i] = out[i + 1];
          out[i + 1] = c;
        }
        break;
      case 1:  // drop a letter
        if (len >= 2) {
          memmove(out + i, out + i + 1, len - i - 1);
          n--;
        }
        break;
      case 2:  // double a letter
        memmove(out + i + 1, out + i, len - i);
        n++;
        break;
      case 3:  // a neighbouring letter
        out[i] = (char)(out[i] == 'z' ? 'y' : out[i] + 1);
        break;
      case 4:  // capital first letter
        if (out[0] >= 'a' && out[0] <= 'z') {
          out[0] = (char)(out[0] - 'a' + 'A');
        }
        break;
      default:  // a plural
        out[n++] = 's';
        break;
    }
    out[n] = 0;
    int valid = n > 0 && out[0] != '-' && out[0] != '.' && !(out[0] >= '0' && out[0] <= '9');
    if (valid && (n != len || memcmp(out, name, len)) && !nameset_has(known, out, n) &&
        !(n >= 3 && !memcmp(out, "xml", 3))) {
      return 1;
    }
  }
  return 0;
}

static void mut_misspell_attr(mutant* mu, uint64_t* r) {
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  const char* name = mu->doc.p + a->name_off;
  if (!nameset_has(&g_attr_names, name, a->name_len)) {
    return;  // already unknown (or not an MJCF attribute)
  }
  char out[128];
  if (!misspell(&g_attr_names, name, a->name_len, r, out, sizeof(out))) {
    return;
  }
  char what[160];
  snprintf(what, sizeof(what), "%.*s -> %s", (int)a->name_len, name, out);
  sb_replace(&mu->doc, a->name_off, a->name_len, out, strlen(out));
  note(mu, "misspelled attribute", what);
  mu->cls = CLS_SCHEMA;
}

static void mut_misspell_elem(mutant* mu, uint64_t* r) {
  int t = pick_tag(mu, r, 0);
  if (t < 0) {
    return;
  }
  const xtag* tag = &mu->scan.tags[t];
  const char* name = mu->doc.p + tag->name_off;
  if (!nameset_has(&g_elem_names, name, tag->name_len)) {
    return;
  }
  if (!tag->selfclose && tag->match < 0) {
    return;
  }
  char out[128];
  if (!misspell(&g_elem_names, name, tag->name_len, r, out, sizeof(out))) {
    return;
  }
  char what[160];
  snprintf(what, sizeof(what), "%.*s -> %s", (int)tag->name_len, name, out);
  size_t len = tag->name_len, start_off = tag->name_off;
  if (!tag->selfclose) {
    const xtag* end = &mu->scan.tags[tag->match];
    sb_replace(&mu->doc, end->name_off, end->name_len, out, strlen(out));  // later one first
  }
  sb_replace(&mu->doc, start_off, len, out, strlen(out));
  note(mu, "misspelled element", what);
  mu->cls = CLS_SCHEMA;
}

static void mut_dup_attr(mutant* mu, uint64_t* r) {
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  size_t end = a->val_off + a->val_len + 1;  // past the closing quote
  sbuf b = {0};
  sb_set(&b, " ", 1);
  sb_insert(&b, b.n, mu->doc.p + a->name_off, end - a->name_off);
  char name[64];
  snprintf(name, sizeof(name), "%.*s", (int)(a->name_len < 60 ? a->name_len : 60),
           mu->doc.p + a->name_off);
  sb_insert(&mu->doc, end, b.p, b.n);
  free(b.p);
  note(mu, "duplicated attribute", name);
  mu->cls = CLS_SYNTAX;
}

static void mut_bad_char(mutant* mu, uint64_t* r) {
  static const char* const kBad[] = {"<", "&", "&bogus;", "&#0;", "&#xD800;", "\x01", "&#;",
                                     "&amp"};
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  const char* s = kBad[rnd(r, sizeof(kBad) / sizeof(kBad[0]))];
  sb_insert(&mu->doc, a->val_off + rnd(r, a->val_len + 1), s, strlen(s));
  note(mu, "bad character in a value", NULL);
  mu->cls = CLS_SYNTAX;
}

static void mut_nul(mutant* mu, uint64_t* r) {
  int root = xscan_root(&mu->scan);
  size_t root_end = xscan_root_end(&mu->scan);
  if (root < 0 || !root_end) {
    return;
  }
  size_t a = mu->scan.tags[root].start;
  size_t pos = a + rnd(r, root_end - a);
  sb_insert(&mu->doc, pos, "", 1);
  note(mu, "NUL byte inside the root", NULL);
  mu->cls = CLS_SYNTAX;
}

static void mut_remove_attr(mutant* mu, uint64_t* r) {
  if (!mu->scan.nattr) {
    return;
  }
  const xattr* a = &mu->scan.attrs[rnd(r, (size_t)mu->scan.nattr)];
  size_t start = a->name_off;
  while (start > 0 && is_space(mu->doc.p[start - 1])) {
    start--;
  }
  sb_replace(&mu->doc, start, a->val_off + a->val_len + 1 - start, "", 0);
  note(mu, "removed attribute", NULL);
}

static void mut_deep(mutant* mu, uint64_t* r) {
  static const int kDepth[] = {64, 600, 5000, 40000};
  int depth = kDepth[rnd(r, 4)];
  int kind = (int)rnd(r, 5);
  sbuf b = {0};
  sb_set(&b, "", 0);
  const char* open = "<body>";
  const char* close = "</body>";
  const char* inner = "<geom size=\"0.1\"/>";
  switch (kind) {
    case 0: break;
    case 1:  // a chain of hinges (kept short enough to simulate)
      if (depth > 600) {
        depth = 600;
      }
      open = "<body pos=\"0 0 0.1\"><joint/><geom size=\"0.01\"/>";
      inner = "";
      break;
    case 2: open = "<frame pos=\"0 0 0.001\">"; close = "</frame>"; break;
    case 3: open = "<replicate count=\"1\">"; close = "</replicate>"; break;
    default: open = "<default class=\"c%d\">"; close = "</default>"; inner = "<geom size=\"0.2\"/>";
      break;
  }
  char tmp[64];
  for (int i = 0; i < depth; i++) {
    snprintf(tmp, sizeof(tmp), open, i);
    sb_append(&b, tmp);
  }
  sb_append(&b, inner);
  for (int i = 0; i < depth; i++) {
    sb_append(&b, close);
  }
  char what[64];
  snprintf(what, sizeof(what), "%d x %.20s", depth, open);
  int ok = 0;
  if (kind == 4) {
    sbuf d = {0};
    sb_set(&d, "<default>", 9);
    sb_append(&d, b.p);
    sb_append(&d, "</default>");
    ok = insert_top(mu, d.p);
    free(d.p);
  } else {
    ok = insert_world(mu, b.p);
  }
  if (ok) {
    note(mu, "deep nesting", what);
  }
  free(b.p);
}

static void mut_long_string(mutant* mu, uint64_t* r) {
  static const size_t kLen[] = {256, 1025, 4097, 65537};
  static const char* const kAttr[] = {"name", "class", "childclass", "user", "file",
                                      "model", "material", "texture", "joint", "pos"};
  static const char* const kUnit[] = {"A", "1 ", "1e308 ", "a/", "%s", "\xc3\xa9"};
  size_t len = kLen[rnd(r, 4)];
  const char* unit = kUnit[rnd(r, 6)];
  sbuf v = {0};
  sb_set(&v, "", 0);
  size_t ulen = strlen(unit);
  sb_reserve(&v, len + ulen);
  while (v.n < len) {
    sb_insert(&v, v.n, unit, ulen);
  }
  char what[64];
  int t = pick_tag(mu, r, 0);
  if (t < 0) {
    free(v.p);
    return;
  }
  const xtag* tag = &mu->scan.tags[t];
  if (tag->nattr && rnd(r, 2)) {
    const xattr* a = &mu->scan.attrs[tag->attr0 + (int)rnd(r, (size_t)tag->nattr)];
    int nlen = (int)(a->name_len < 30 ? a->name_len : 30);
    snprintf(what, sizeof(what), "%zu bytes in %.*s", len, nlen, mu->doc.p + a->name_off);
    sb_replace(&mu->doc, a->val_off, a->val_len, v.p, v.n);
  } else {
    const char* name = kAttr[rnd(r, sizeof(kAttr) / sizeof(kAttr[0]))];
    // skip attributes the tag already has (a duplicate is a different mutation)
    for (int j = 0; j < tag->nattr; j++) {
      const xattr* a = &mu->scan.attrs[tag->attr0 + j];
      if (a->name_len == strlen(name) && !memcmp(mu->doc.p + a->name_off, name, a->name_len)) {
        free(v.p);
        return;
      }
    }
    sbuf b = {0};
    sb_set(&b, " ", 1);
    sb_append(&b, name);
    sb_append(&b, "=\"");
    sb_insert(&b, b.n, v.p, v.n);
    sb_append(&b, "\"");
    snprintf(what, sizeof(what), "%zu bytes in new %s", len, name);
    sb_insert(&mu->doc, tag->name_off + tag->name_len, b.p, b.n);
    free(b.p);
  }
  note(mu, "long value", what);
  free(v.p);
}

static void mut_splice(mutant* mu, uint64_t* r) {
  const seed* s = &g_seeds[rnd(r, (size_t)g_nseed)];
  sbuf src = {0};
  sb_set(&src, s->data, s->size);
  size_t nl = count_lines(&src), len = 0, dummy = 0;
  size_t start = line_span(&src, rnd(r, nl), &len, &dummy);
  size_t nme = count_lines(&mu->doc), mlen = 0;
  size_t at = line_span(&mu->doc, rnd(r, nme), &mlen, &dummy);
  sb_insert(&mu->doc, at, src.p + start, len);
  if (!len || src.p[start + len - 1] != '\n') {
    sb_insert(&mu->doc, at + len, "\n", 1);
  }
  free(src.p);
  note(mu, "spliced line", NULL);
}

static void mut_dup_element(mutant* mu, uint64_t* r) {
  int t = pick_tag(mu, r, 0);
  if (t < 0) {
    return;
  }
  const xtag* tag = &mu->scan.tags[t];
  size_t end = tag->selfclose ? tag->end
                              : (tag->match >= 0 ? mu->scan.tags[tag->match].end : 0);
  if (!end || xscan_root(&mu->scan) == t) {
    return;
  }
  char* copy = (char*)malloc(end - tag->start);
  memcpy(copy, mu->doc.p + tag->start, end - tag->start);
  sb_insert(&mu->doc, end, copy, end - tag->start);
  free(copy);
  note(mu, "duplicated element", NULL);
}

typedef void (*mutator)(mutant*, uint64_t*);
static const struct {
  mutator fn;
  int weight;
} kMutators[] = {
  {mut_flip, 6},          {mut_special_byte, 5}, {mut_truncate, 4},     {mut_line, 5},
  {mut_extreme_number, 14}, {mut_snippet, 18},   {mut_delete_close, 4}, {mut_misspell_attr, 6},
  {mut_misspell_elem, 4}, {mut_dup_attr, 2},     {mut_bad_char, 2},     {mut_nul, 1},
  {mut_remove_attr, 4},   {mut_deep, 4},         {mut_long_string, 6},  {mut_splice, 5},
  {mut_dup_element, 5},
};
enum { kNumMutators = (int)(sizeof(kMutators) / sizeof(kMutators[0])) };

static void mutate(mutant* mu, uint64_t* r) {
  int total = 0;
  for (int i = 0; i < kNumMutators; i++) {
    total += kMutators[i].weight;
  }
  int k = (int)rnd(r, (size_t)total);
  for (int i = 0; i < kNumMutators; i++) {
    if (k < kMutators[i].weight) {
      size_t before = strlen(mu->log);
      mu->cls = CLS_NONE;
      kMutators[i].fn(mu, r);
      if (strlen(mu->log) != before) {
        mu->nmut++;
      }
      rescan(mu);
      return;
    }
    k -= kMutators[i].weight;
  }
}

//---------------------------------- crash reporting -----------------------------------------------

static const char* volatile g_cur_data;
static volatile size_t g_cur_size;
static char g_crash_path[4096];
static char g_crash_note[9000];

static void dump_current(void) {
  if (!g_cur_data || !g_crash_path[0]) {
    return;
  }
  int fd = open(g_crash_path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (fd >= 0) {
    size_t off = 0;
    while (off < g_cur_size) {
      ssize_t w = write(fd, g_cur_data + off, g_cur_size - off);
      if (w <= 0) {
        break;
      }
      off += (size_t)w;
    }
    close(fd);
  }
  ssize_t ignored = write(2, g_crash_note, strlen(g_crash_note));
  (void)ignored;
}

static void on_death(void) {
  dump_current();
}

static void on_signal(int sig) {
  dump_current();
  if (sig == SIGALRM) {
    static const char msg[] = "mutate_loader: TIMEOUT: the case above did not finish\n";
    ssize_t ignored = write(2, msg, sizeof(msg) - 1);
    (void)ignored;
    _exit(3);
  }
  signal(sig, SIG_DFL);
  raise(sig);
}

static void install_crash_handlers(void) {
  if (__sanitizer_set_death_callback) {
    __sanitizer_set_death_callback(on_death);
  }
  signal(SIGABRT, on_signal);
  signal(SIGALRM, on_signal);
#ifndef SNF_ASAN
  signal(SIGSEGV, on_signal);
  signal(SIGBUS, on_signal);
  signal(SIGFPE, on_signal);
  signal(SIGILL, on_signal);
#endif
}

//---------------------------------- running cases -------------------------------------------------

typedef struct {
  long cases;
  uint64_t seed;
  long only_case;             // -1: all
  double max_seconds;
  unsigned timeout;
  const char* dump;
  const char* artifacts;
  int verbose;
  int fork_each;              // run every case in a child process (keeps going after crashes)
} options;

static options g_opt;
static int g_failed;
static int g_passed;

static double now_seconds(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static void write_artifact(const char* path, const char* data, size_t size) {
  FILE* fp = fopen(path, "wb");
  if (fp) {
    fwrite(data, 1, size, fp);
    fclose(fp);
  }
}

// Load one document and check the outcome. label names the case in reports; cls is
// the mutation class (CLS_SYNTAX/SCHEMA: the message must name a line).
static int check_one(const char* label, const char* tag, const char* data, size_t size,
                     int extra, int cls, int error_sz, const char* log) {
  snprintf(g_crash_path, sizeof(g_crash_path), "%s/mutate-crash-%s.xml", g_opt.artifacts, tag);
  snprintf(g_crash_note, sizeof(g_crash_note),
           "mutate_loader: CRASH in %s; input written to %s\n", label, g_crash_path);
  g_cur_data = data;
  g_cur_size = size;
  if (g_opt.verbose) {
    fprintf(stderr, "%s: %s\n", label, log ? log : "");
  }
  alarm(g_opt.timeout);
  snf_result res;
  const snf_file* files = extra >= 0 ? g_extra[extra].files : NULL;
  int nfile = extra >= 0 ? g_extra[extra].nfile : 0;
  int bad = snf_run(data, size, files, nfile, 5, error_sz, &res);
  alarm(0);
  g_cur_data = NULL;

  char problem[4200];
  snprintf(problem, sizeof(problem), "%s", bad ? snf_problem() : "");
  if (!bad && cls != CLS_NONE && !res.loaded && error_sz >= 256) {
    int line = snf_message_line(res.error);
    if (line <= 0) {
      snprintf(problem, sizeof(problem), "%s error without a line number: \"%s\"",
               cls == CLS_SYNTAX ? "XML syntax" : "schema", res.error);
      bad = 1;
    }
  }
  if (!bad && cls != CLS_NONE && res.loaded) {
    snprintf(problem, sizeof(problem), "a %s error was expected but the model loaded",
             cls == CLS_SYNTAX ? "XML syntax" : "schema");
    bad = 1;
  }
  if (g_opt.verbose) {
    fprintf(stderr, "  -> %s%s%s\n", res.loaded ? "loaded" : "failed: ",
            res.loaded ? "" : res.error, res.sim_error ? " (simulation error caught)" : "");
  }
  if (bad) {
    char path[4096];
    snprintf(path, sizeof(path), "%s/mutate-fail-%s.xml", g_opt.artifacts, tag);
    write_artifact(path, data, size);
    if (g_failed < 50) {
      fprintf(stderr, "FAIL %s%s%s\n  problem: %s\n  input: %s\n", label,
              log ? "\n  mutations: " : "", log ? log : "", problem, path);
    }
    g_failed++;
    return 1;
  }
  g_passed++;
  return 0;
}

static void build_case(long k, mutant* mu, int* seed_index, int* error_sz) {
  uint64_t r = g_opt.seed * 0x9e3779b97f4a7c15ULL ^ (uint64_t)(k + 1) * 0xd1b54a32d192ed03ULL;
  rng_next(&r);
  *seed_index = (int)rnd(&r, (size_t)g_nseed);
  for (int i = 0; i < g_nseed && g_seeds[*seed_index].crashes; i++) {
    *seed_index = (*seed_index + 1) % g_nseed;
  }
  const seed* s = &g_seeds[*seed_index];
  sb_set(&mu->doc, s->data, s->size);
  mu->log[0] = 0;
  mu->cls = CLS_NONE;
  mu->nmut = 0;
  rescan(mu);
  int nmut = rnd(&r, 10) < 6 ? 1 : 2 + (int)rnd(&r, 3);
  int last_cls = CLS_NONE;
  for (int i = 0; i < nmut; i++) {
    mutate(mu, &r);
    if (mu->cls != CLS_NONE) {
      last_cls = mu->cls;
    }
  }
  // a class is only trusted for one mutation of a seed that loads
  mu->cls = (mu->nmut == 1 && s->baseline_ok) ? last_cls : CLS_NONE;
  static const int kSizes[] = {0, 1, 2, 16, 100};
  *error_sz = rnd(&r, 10) < 8 ? 1000 : kSizes[rnd(&r, 5)];
}

static void usage(void) {
  fprintf(stderr,
          "usage: fuzz_mutate_loader [--cases N] [--seed S] [--case K [--dump FILE]]\n"
          "         [--max-seconds T] [--timeout T] [--models DIR]... [--corpus DIR]\n"
          "         [--artifacts DIR] [--write-seeds DIR] [--fork] [-v] [FILE.xml ...]\n");
}

int main(int argc, char** argv) {
  g_opt.cases = 2000;
  g_opt.seed = 1;
  g_opt.only_case = -1;
  g_opt.max_seconds = 60;
  g_opt.timeout = 20;
  g_opt.artifacts = "/tmp/sinew-fuzz";
  const char* models[8];
  int nmodels = 0;
  const char* corpus = NULL;
  const char* write_seeds = NULL;
  const char* files[64];
  int nfiles = 0;
  for (int i = 1; i < argc; i++) {
    const char* a = argv[i];
    const char* v = i + 1 < argc ? argv[i + 1] : NULL;
    if (!strcmp(a, "--cases") && v) {
      g_opt.cases = atol(v), i++;
    } else if (!strcmp(a, "--seed") && v) {
      g_opt.seed = strtoull(v, NULL, 0), i++;
    } else if (!strcmp(a, "--case") && v) {
      g_opt.only_case = atol(v), i++;
    } else if (!strcmp(a, "--dump") && v) {
      g_opt.dump = v, i++;
    } else if (!strcmp(a, "--max-seconds") && v) {
      g_opt.max_seconds = atof(v), i++;
    } else if (!strcmp(a, "--timeout") && v) {
      g_opt.timeout = (unsigned)atoi(v), i++;
    } else if (!strcmp(a, "--models") && v) {
      if (nmodels < 8) {
        models[nmodels++] = v;
      }
      i++;
    } else if (!strcmp(a, "--corpus") && v) {
      corpus = v, i++;
    } else if (!strcmp(a, "--artifacts") && v) {
      g_opt.artifacts = v, i++;
    } else if (!strcmp(a, "--write-seeds") && v) {
      write_seeds = v, i++;
    } else if (!strcmp(a, "--fork")) {
      g_opt.fork_each = 1;
    } else if (!strcmp(a, "-v")) {
      g_opt.verbose = 1;
    } else if (a[0] == '-') {
      usage();
      return 2;
    } else if (nfiles < 64) {
      files[nfiles++] = a;
    }
  }
#ifndef SNF_ASAN
  // without ASan's allocator, bound the address space so a runaway allocation fails
  struct rlimit rl = {(rlim_t)8 << 30, (rlim_t)8 << 30};
  setrlimit(RLIMIT_AS, &rl);
#endif
  setvbuf(stdout, NULL, _IOLBF, 0);
  mkdir(g_opt.artifacts, 0755);  // may exist already
  snf_init(0, 0);
  install_crash_handlers();
  load_grammar_names();

  // files on the command line: load each as it is
  if (nfiles) {
    for (int i = 0; i < nfiles; i++) {
      size_t size = 0;
      char* data = read_file(files[i], &size);
      if (!data) {
        fprintf(stderr, "cannot read %s\n", files[i]);
        g_failed++;
        continue;
      }
      char tag[32], dir[4096];
      snprintf(tag, sizeof(tag), "file%d", i);
      snprintf(dir, sizeof(dir), "%s", files[i]);
      char* slash = strrchr(dir, '/');
      snprintf(slash ? slash : dir, sizeof(dir) - (size_t)(slash ? slash - dir : 0), "%s",
               slash ? "" : ".");
      // files it includes: DIR/include/*.xml, as for the seeds
      check_one(files[i], tag, data, size, load_extra_dir(dir), CLS_NONE, 1000, NULL);
      free(data);
    }
    printf("fuzz: %d passed, %d failed\n", g_passed, g_failed);
    return g_failed ? 1 : 0;
  }

  for (int i = 0; i < kNumEmbedded; i++) {
    char name[32];
    snprintf(name, sizeof(name), "embedded-%d", i);
    add_seed(name, kSeeds[i], strlen(kSeeds[i]), -1, 0);
  }
  if (!nmodels) {
    const char* env = getenv("SINEW_TEST_MODELS");
    if (env && *env) {
      models[nmodels++] = env;
    }
  }
  for (int i = 0; i < nmodels; i++) {
    add_seed_dir(models[i], 0);
    char bad[4096];
    snprintf(bad, sizeof(bad), "%s/bad", models[i]);
    add_seed_dir(bad, 0);
  }
  int first_regression = g_nseed;
  if (corpus) {
    add_seed_dir(corpus, 1);
  }
  if (write_seeds) {
    mkdir(write_seeds, 0755);
    for (int i = 0; i < g_nseed; i++) {
      char path[8192];
      snprintf(path, sizeof(path), "%s/seed-%03d.xml", write_seeds, i);
      write_artifact(path, g_seeds[i].data, g_seeds[i].size);
    }
    printf("wrote %d seeds to %s\n", g_nseed, write_seeds);
    return 0;
  }

  double t0 = now_seconds();
  mutant mu;
  memset(&mu, 0, sizeof(mu));

  // baseline: every seed unmodified (regression reproducers included)
  if (g_opt.only_case < 0) {
    int nok = 0;
    for (int i = 0; i < g_nseed; i++) {
      seed* s = &g_seeds[i];
      char tag[32];
      snprintf(tag, sizeof(tag), "seed%d", i);
      char label[4200];
      snprintf(label, sizeof(label), "seed %s%s", s->name, s->regression ? " (regression)" : "");
      snf_result res;
      // check_one reports problems; a second quiet load tells whether it loads. A
      // reproducer runs in a child process so a crash is reported and the run goes on.
      if (s->regression) {
        fflush(NULL);
        pid_t pid = fork();
        if (pid == 0) {
          int bad =
              check_one(label, tag, s->data, s->size, s->extra_dir, CLS_NONE, 1000, NULL);
          if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check()) {
            fprintf(stderr, "FAIL %s: LeakSanitizer found a leak\n", label);
            bad = 1;
          }
          fflush(NULL);
          _exit(bad ? 1 : 0);
        }
        int status = 0;
        if (pid < 0 || waitpid(pid, &status, 0) < 0) {
          fprintf(stderr, "mutate_loader: fork failed\n");
          return 2;
        }
        if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
          g_passed++;
        } else {
          g_failed++;
          if (!(WIFEXITED(status) && WEXITSTATUS(status) == 1)) {
            fprintf(stderr, "FAIL %s: CRASH (%s %d)\n", label,
                    WIFSIGNALED(status) ? "signal" : "exit code",
                    WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status));
          }
          s->baseline_ok = 0;
          s->crashes = 1;  // not mutated further: the same defect would stop the run
          continue;
        }
      } else {
        check_one(label, tag, s->data, s->size, s->extra_dir, CLS_NONE, 1000, NULL);
      }
      const snf_file* f = s->extra_dir >= 0 ? g_extra[s->extra_dir].files : NULL;
      int nf = s->extra_dir >= 0 ? g_extra[s->extra_dir].nfile : 0;
      snf_run(s->data, s->size, f, nf, 0, 1000, &res);
      s->baseline_ok = res.loaded;
      nok += res.loaded;
      if (g_opt.verbose && !res.loaded && i < first_regression) {
        fprintf(stderr, "  seed %s does not load: %s\n", s->name, res.error);
      }
    }
    printf("fuzz: %d seeds (%d load unmodified, %d regression reproducers)\n", g_nseed, nok,
           g_nseed - first_regression);
  } else {
    for (int i = 0; i < g_nseed; i++) {
      snf_result res;
      const snf_file* f = g_seeds[i].extra_dir >= 0 ? g_extra[g_seeds[i].extra_dir].files : NULL;
      int nf = g_seeds[i].extra_dir >= 0 ? g_extra[g_seeds[i].extra_dir].nfile : 0;
      snf_run(g_seeds[i].data, g_seeds[i].size, f, nf, 0, 1000, &res);
      g_seeds[i].baseline_ok = res.loaded;
    }
  }

  long first = g_opt.only_case >= 0 ? g_opt.only_case : 0;
  long last = g_opt.only_case >= 0 ? g_opt.only_case + 1 : g_opt.cases;
  long ran = 0;
  int leak_reported = 0;
  for (long k = first; k < last; k++) {
    int si = 0, error_sz = 1000;
    build_case(k, &mu, &si, &error_sz);
    if (g_opt.dump) {
      write_artifact(g_opt.dump, mu.doc.p, mu.doc.n);
      printf("case %ld: seed %s, %s -> %s\n", k, g_seeds[si].name, mu.log, g_opt.dump);
    }
    char label[4200], tag[32];
    snprintf(label, sizeof(label), "case %ld (seed %s, error_sz %d)", k, g_seeds[si].name,
             error_sz);
    snprintf(tag, sizeof(tag), "%ld", k);
    ran++;
    if (g_opt.fork_each) {
      fflush(NULL);
      pid_t pid = fork();
      if (pid == 0) {
        int bad = check_one(label, tag, mu.doc.p, mu.doc.n, g_seeds[si].extra_dir, mu.cls,
                            error_sz, mu.log);
        if (__lsan_do_recoverable_leak_check && __lsan_do_recoverable_leak_check()) {
          fprintf(stderr, "FAIL %s: LeakSanitizer found a leak\n", label);
          bad = 1;
        }
        fflush(NULL);
        _exit(bad ? 1 : 0);
      }
      int status = 0;
      if (pid < 0 || waitpid(pid, &status, 0) < 0) {
        fprintf(stderr, "mutate_loader: fork failed\n");
        return 2;
      }
      if (WIFEXITED(status) && WEXITSTATUS(status) == 0) {
        g_passed++;
      } else {
        g_failed++;
        if (!(WIFEXITED(status) && WEXITSTATUS(status) == 1)) {
          char path[4096];
          snprintf(path, sizeof(path), "%s/mutate-crash-%s.xml", g_opt.artifacts, tag);
          write_artifact(path, mu.doc.p, mu.doc.n);
          fprintf(stderr, "FAIL %s: CRASH (%s %d)\n  mutations: %s\n  input: %s\n", label,
                  WIFSIGNALED(status) ? "signal" : "exit code",
                  WIFSIGNALED(status) ? WTERMSIG(status) : WEXITSTATUS(status), mu.log, path);
        }
      }
    } else {
      check_one(label, tag, mu.doc.p, mu.doc.n, g_seeds[si].extra_dir, mu.cls, error_sz,
                mu.log);
    }
    if (!g_opt.fork_each && __lsan_do_recoverable_leak_check && (k % 250 == 249 || k + 1 == last) && !leak_reported) {
      if (__lsan_do_recoverable_leak_check()) {
        fprintf(stderr, "FAIL LeakSanitizer found leaks in cases up to %ld (replay single cases "
                        "with --case K to find the one)\n", k);
        g_failed++;
        leak_reported = 1;
      }
    }
    if (g_opt.max_seconds > 0 && now_seconds() - t0 > g_opt.max_seconds) {
      printf("fuzz: time budget of %.0f s reached after %ld cases\n", g_opt.max_seconds, ran);
      break;
    }
  }
  printf("fuzz: %ld mutated cases in %.1f s\n", ran, now_seconds() - t0);
  printf("fuzz: %d passed, %d failed\n", g_passed, g_failed);

  free(mu.doc.p);
  free(mu.scan.tags);
  free(mu.scan.attrs);
  for (int i = 0; i < g_nseed; i++) {
    free(g_seeds[i].name);
    free(g_seeds[i].data);
  }
  free(g_seeds);
  for (int i = 0; i < g_nextra; i++) {
    for (int j = 0; j < g_extra[i].nfile; j++) {
      free((char*)g_extra[i].files[j].name);
      free((char*)g_extra[i].files[j].data);
    }
    free(g_extra[i].files);
    free(g_extra_path[i]);
  }
  nameset_free(&g_attr_names);
  nameset_free(&g_elem_names);
  return g_failed ? 1 : 0;
}
