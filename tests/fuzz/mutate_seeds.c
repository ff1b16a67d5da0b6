// Seed material for the mutation fuzzer (see mutate_loader.c): the embedded seed
// documents, the hostile fragments and extreme values the mutations insert, the
// grammar's element and attribute names, and the seed documents read from disk.
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "mutate_loader.h"
#include "xml/schema.h"

//---------------------------------- embedded seeds ------------------------------------------------

const char* const kSeeds[] = {
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
const int kNumEmbedded = (int)(sizeof(kSeeds) / sizeof(kSeeds[0]));

//---------------------------------- hostile fragments ---------------------------------------------

// Inserted right after the root's start tag.
const char* const kTopSnippets[] = {
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
const int kNumTopSnippets = (int)(sizeof(kTopSnippets) / sizeof(kTopSnippets[0]));

// Inserted as the first children of <worldbody>.
const char* const kWorldSnippets[] = {
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
const int kNumWorldSnippets = (int)(sizeof(kWorldSnippets) / sizeof(kWorldSnippets[0]));

// Inserted before the root's end tag; %J is replaced by a joint name from the document.
const char* const kActuatorSnippets[] = {
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
const int kNumActuatorSnippets =
    (int)(sizeof(kActuatorSnippets) / sizeof(kActuatorSnippets[0]));

// Replacement numbers.
const char* const kExtremes[] = {
  "1e308", "-1e308", "1e-308", "-0", "nan", "inf", "-inf", "NaN", "+inf", "2147483647",
  "-2147483648", "2147483648", "4294967296", "9223372036854775807", "1e999", "0", "-1",
  "0x10", "1e", "--1", "1.7976931348623157e308", "4.9e-324", "99999999999999999999999",
  "1073741824", "65536", "-0.0e-0", ".", "1..2", "1,2",
};
const int kNumExtremes = (int)(sizeof(kExtremes) / sizeof(kExtremes[0]));

//---------------------------------- the grammar's names -------------------------------------------

nameset g_attr_names;
nameset g_elem_names;

int nameset_has(const nameset* s, const char* name, size_t len) {
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

void nameset_free(nameset* s) {
  for (int i = 0; i < s->n; i++) {
    free(s->names[i]);
  }
  free(s->names);
  memset(s, 0, sizeof(*s));
}

void load_grammar_names(void) {
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

seed* g_seeds;
int g_nseed;
extra_set g_extra[16];
char* g_extra_path[16];
int g_nextra;

char* read_file(const char* path, size_t* size) {
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

void add_seed(const char* name, const char* data, size_t size, int extra, int regression) {
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
int load_extra_dir(const char* dir) {
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

void add_seed_dir(const char* dir, int regression) {
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
