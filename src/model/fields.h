// The one table of mjModel and mjData arrays: allocation, copying, resetting and
// (later) MJB I/O are all generated from it, so a field added here is handled
// everywhere. Entries are X(type, name, rows, columns); rows and columns are
// expressions in the model m.
#ifndef SINEW_MODEL_FIELDS_H_
#define SINEW_MODEL_FIELDS_H_

// Arrays of mjModel, in header order.
#define SN_MODEL_ARRAYS(X) \
  X(mjtNum,  qpos0,                   m->nq,                 1) \
  X(mjtNum,  qpos_spring,             m->nq,                 1) \
  X(int,     body_parentid,           m->nbody,              1) \
  X(int,     body_rootid,             m->nbody,              1) \
  X(int,     body_weldid,             m->nbody,              1) \
  X(int,     body_mocapid,            m->nbody,              1) \
  X(int,     body_jntnum,             m->nbody,              1) \
  X(int,     body_jntadr,             m->nbody,              1) \
  X(int,     body_dofnum,             m->nbody,              1) \
  X(int,     body_dofadr,             m->nbody,              1) \
  X(int,     body_treeid,             m->nbody,              1) \
  X(int,     body_geomnum,            m->nbody,              1) \
  X(int,     body_geomadr,            m->nbody,              1) \
  X(mjtByte, body_simple,             m->nbody,              1) \
  X(mjtByte, body_sameframe,          m->nbody,              1) \
  X(mjtNum,  body_pos,                m->nbody,              3) \
  X(mjtNum,  body_quat,               m->nbody,              4) \
  X(mjtNum,  body_ipos,               m->nbody,              3) \
  X(mjtNum,  body_iquat,              m->nbody,              4) \
  X(mjtNum,  body_mass,               m->nbody,              1) \
  X(mjtNum,  body_subtreemass,        m->nbody,              1) \
  X(mjtNum,  body_inertia,            m->nbody,              3) \
  X(mjtNum,  body_invweight0,         m->nbody,              2) \
  X(mjtNum,  body_gravcomp,           m->nbody,              1) \
  X(mjtNum,  body_margin,             m->nbody,              1) \
  X(mjtNum,  body_user,               m->nbody,              m->nuser_body) \
  X(int,     body_plugin,             m->nbody,              1) \
  X(int,     body_contype,            m->nbody,              1) \
  X(int,     body_conaffinity,        m->nbody,              1) \
  X(int,     body_bvhadr,             m->nbody,              1) \
  X(int,     body_bvhnum,             m->nbody,              1) \
  X(int,     bvh_depth,               m->nbvh,               1) \
  X(int,     bvh_child,               m->nbvh,               2) \
  X(int,     bvh_nodeid,              m->nbvh,               1) \
  X(mjtNum,  bvh_aabb,                m->nbvhstatic,         6) \
  X(int,     oct_depth,               m->noct,               1) \
  X(int,     oct_child,               m->noct,               8) \
  X(mjtNum,  oct_aabb,                m->noct,               6) \
  X(mjtNum,  oct_coeff,               m->noct,               8) \
  X(int,     jnt_type,                m->njnt,               1) \
  X(int,     jnt_qposadr,             m->njnt,               1) \
  X(int,     jnt_dofadr,              m->njnt,               1) \
  X(int,     jnt_bodyid,              m->njnt,               1) \
  X(int,     jnt_group,               m->njnt,               1) \
  X(mjtByte, jnt_limited,             m->njnt,               1) \
  X(mjtByte, jnt_actfrclimited,       m->njnt,               1) \
  X(mjtByte, jnt_actgravcomp,         m->njnt,               1) \
  X(mjtNum,  jnt_solref,              m->njnt,               mjNREF) \
  X(mjtNum,  jnt_solimp,              m->njnt,               mjNIMP) \
  X(mjtNum,  jnt_pos,                 m->njnt,               3) \
  X(mjtNum,  jnt_axis,                m->njnt,               3) \
  X(mjtNum,  jnt_stiffness,           m->njnt,               1) \
  X(mjtNum,  jnt_range,               m->njnt,               2) \
  X(mjtNum,  jnt_actfrcrange,         m->njnt,               2) \
  X(mjtNum,  jnt_margin,              m->njnt,               1) \
  X(mjtNum,  jnt_user,                m->njnt,               m->nuser_jnt) \
  X(int,     dof_bodyid,              m->nv,                 1) \
  X(int,     dof_jntid,               m->nv,                 1) \
  X(int,     dof_parentid,            m->nv,                 1) \
  X(int,     dof_treeid,              m->nv,                 1) \
  X(int,     dof_Madr,                m->nv,                 1) \
  X(int,     dof_simplenum,           m->nv,                 1) \
  X(mjtNum,  dof_solref,              m->nv,                 mjNREF) \
  X(mjtNum,  dof_solimp,              m->nv,                 mjNIMP) \
  X(mjtNum,  dof_frictionloss,        m->nv,                 1) \
  X(mjtNum,  dof_armature,            m->nv,                 1) \
  X(mjtNum,  dof_damping,             m->nv,                 1) \
  X(mjtNum,  dof_invweight0,          m->nv,                 1) \
  X(mjtNum,  dof_M0,                  m->nv,                 1) \
  X(int,     geom_type,               m->ngeom,              1) \
  X(int,     geom_contype,            m->ngeom,              1) \
  X(int,     geom_conaffinity,        m->ngeom,              1) \
  X(int,     geom_condim,             m->ngeom,              1) \
  X(int,     geom_bodyid,             m->ngeom,              1) \
  X(int,     geom_dataid,             m->ngeom,              1) \
  X(int,     geom_matid,              m->ngeom,              1) \
  X(int,     geom_group,              m->ngeom,              1) \
  X(int,     geom_priority,           m->ngeom,              1) \
  X(int,     geom_plugin,             m->ngeom,              1) \
  X(mjtByte, geom_sameframe,          m->ngeom,              1) \
  X(mjtNum,  geom_solmix,             m->ngeom,              1) \
  X(mjtNum,  geom_solref,             m->ngeom,              mjNREF) \
  X(mjtNum,  geom_solimp,             m->ngeom,              mjNIMP) \
  X(mjtNum,  geom_size,               m->ngeom,              3) \
  X(mjtNum,  geom_aabb,               m->ngeom,              6) \
  X(mjtNum,  geom_rbound,             m->ngeom,              1) \
  X(mjtNum,  geom_pos,                m->ngeom,              3) \
  X(mjtNum,  geom_quat,               m->ngeom,              4) \
  X(mjtNum,  geom_friction,           m->ngeom,              3) \
  X(mjtNum,  geom_margin,             m->ngeom,              1) \
  X(mjtNum,  geom_gap,                m->ngeom,              1) \
  X(mjtNum,  geom_fluid,              m->ngeom,              mjNFLUID) \
  X(mjtNum,  geom_user,               m->ngeom,              m->nuser_geom) \
  X(float,   geom_rgba,               m->ngeom,              4) \
  X(int,     site_type,               m->nsite,              1) \
  X(int,     site_bodyid,             m->nsite,              1) \
  X(int,     site_matid,              m->nsite,              1) \
  X(int,     site_group,              m->nsite,              1) \
  X(mjtByte, site_sameframe,          m->nsite,              1) \
  X(mjtNum,  site_size,               m->nsite,              3) \
  X(mjtNum,  site_pos,                m->nsite,              3) \
  X(mjtNum,  site_quat,               m->nsite,              4) \
  X(mjtNum,  site_user,               m->nsite,              m->nuser_site) \
  X(float,   site_rgba,               m->nsite,              4) \
  X(int,     cam_mode,                m->ncam,               1) \
  X(int,     cam_bodyid,              m->ncam,               1) \
  X(int,     cam_targetbodyid,        m->ncam,               1) \
  X(mjtNum,  cam_pos,                 m->ncam,               3) \
  X(mjtNum,  cam_quat,                m->ncam,               4) \
  X(mjtNum,  cam_poscom0,             m->ncam,               3) \
  X(mjtNum,  cam_pos0,                m->ncam,               3) \
  X(mjtNum,  cam_mat0,                m->ncam,               9) \
  X(int,     cam_orthographic,        m->ncam,               1) \
  X(mjtNum,  cam_fovy,                m->ncam,               1) \
  X(mjtNum,  cam_ipd,                 m->ncam,               1) \
  X(int,     cam_resolution,          m->ncam,               2) \
  X(float,   cam_sensorsize,          m->ncam,               2) \
  X(float,   cam_intrinsic,           m->ncam,               4) \
  X(mjtNum,  cam_user,                m->ncam,               m->nuser_cam) \
  X(int,     light_mode,              m->nlight,             1) \
  X(int,     light_bodyid,            m->nlight,             1) \
  X(int,     light_targetbodyid,      m->nlight,             1) \
  X(int,     light_type,              m->nlight,             1) \
  X(int,     light_texid,             m->nlight,             1) \
  X(mjtByte, light_castshadow,        m->nlight,             1) \
  X(float,   light_bulbradius,        m->nlight,             1) \
  X(float,   light_intensity,         m->nlight,             1) \
  X(float,   light_range,             m->nlight,             1) \
  X(mjtByte, light_active,            m->nlight,             1) \
  X(mjtNum,  light_pos,               m->nlight,             3) \
  X(mjtNum,  light_dir,               m->nlight,             3) \
  X(mjtNum,  light_poscom0,           m->nlight,             3) \
  X(mjtNum,  light_pos0,              m->nlight,             3) \
  X(mjtNum,  light_dir0,              m->nlight,             3) \
  X(float,   light_attenuation,       m->nlight,             3) \
  X(float,   light_cutoff,            m->nlight,             1) \
  X(float,   light_exponent,          m->nlight,             1) \
  X(float,   light_ambient,           m->nlight,             3) \
  X(float,   light_diffuse,           m->nlight,             3) \
  X(float,   light_specular,          m->nlight,             3) \
  X(int,     flex_contype,            m->nflex,              1) \
  X(int,     flex_conaffinity,        m->nflex,              1) \
  X(int,     flex_condim,             m->nflex,              1) \
  X(int,     flex_priority,           m->nflex,              1) \
  X(mjtNum,  flex_solmix,             m->nflex,              1) \
  X(mjtNum,  flex_solref,             m->nflex,              mjNREF) \
  X(mjtNum,  flex_solimp,             m->nflex,              mjNIMP) \
  X(mjtNum,  flex_friction,           m->nflex,              3) \
  X(mjtNum,  flex_margin,             m->nflex,              1) \
  X(mjtNum,  flex_gap,                m->nflex,              1) \
  X(mjtByte, flex_internal,           m->nflex,              1) \
  X(int,     flex_selfcollide,        m->nflex,              1) \
  X(int,     flex_activelayers,       m->nflex,              1) \
  X(int,     flex_passive,            m->nflex,              1) \
  X(int,     flex_dim,                m->nflex,              1) \
  X(int,     flex_matid,              m->nflex,              1) \
  X(int,     flex_group,              m->nflex,              1) \
  X(int,     flex_interp,             m->nflex,              1) \
  X(int,     flex_nodeadr,            m->nflex,              1) \
  X(int,     flex_nodenum,            m->nflex,              1) \
  X(int,     flex_vertadr,            m->nflex,              1) \
  X(int,     flex_vertnum,            m->nflex,              1) \
  X(int,     flex_edgeadr,            m->nflex,              1) \
  X(int,     flex_edgenum,            m->nflex,              1) \
  X(int,     flex_elemadr,            m->nflex,              1) \
  X(int,     flex_elemnum,            m->nflex,              1) \
  X(int,     flex_elemdataadr,        m->nflex,              1) \
  X(int,     flex_elemedgeadr,        m->nflex,              1) \
  X(int,     flex_shellnum,           m->nflex,              1) \
  X(int,     flex_shelldataadr,       m->nflex,              1) \
  X(int,     flex_evpairadr,          m->nflex,              1) \
  X(int,     flex_evpairnum,          m->nflex,              1) \
  X(int,     flex_texcoordadr,        m->nflex,              1) \
  X(int,     flex_nodebodyid,         m->nflexnode,          1) \
  X(int,     flex_vertbodyid,         m->nflexvert,          1) \
  X(int,     flex_edge,               m->nflexedge,          2) \
  X(int,     flex_edgeflap,           m->nflexedge,          2) \
  X(int,     flex_elem,               m->nflexelemdata,      1) \
  X(int,     flex_elemtexcoord,       m->nflexelemdata,      1) \
  X(int,     flex_elemedge,           m->nflexelemedge,      1) \
  X(int,     flex_elemlayer,          m->nflexelem,          1) \
  X(int,     flex_shell,              m->nflexshelldata,     1) \
  X(int,     flex_evpair,             m->nflexevpair,        2) \
  X(mjtNum,  flex_vert,               m->nflexvert,          3) \
  X(mjtNum,  flex_vert0,              m->nflexvert,          3) \
  X(mjtNum,  flex_node,               m->nflexnode,          3) \
  X(mjtNum,  flex_node0,              m->nflexnode,          3) \
  X(mjtNum,  flexedge_length0,        m->nflexedge,          1) \
  X(mjtNum,  flexedge_invweight0,     m->nflexedge,          1) \
  X(mjtNum,  flex_radius,             m->nflex,              1) \
  X(mjtNum,  flex_stiffness,          m->nflexelem,          21) \
  X(mjtNum,  flex_bending,            m->nflexedge,          17) \
  X(mjtNum,  flex_damping,            m->nflex,              1) \
  X(mjtNum,  flex_edgestiffness,      m->nflex,              1) \
  X(mjtNum,  flex_edgedamping,        m->nflex,              1) \
  X(mjtByte, flex_edgeequality,       m->nflex,              1) \
  X(mjtByte, flex_rigid,              m->nflex,              1) \
  X(mjtByte, flexedge_rigid,          m->nflexedge,          1) \
  X(mjtByte, flex_centered,           m->nflex,              1) \
  X(mjtByte, flex_flatskin,           m->nflex,              1) \
  X(int,     flex_bvhadr,             m->nflex,              1) \
  X(int,     flex_bvhnum,             m->nflex,              1) \
  X(float,   flex_rgba,               m->nflex,              4) \
  X(float,   flex_texcoord,           m->nflextexcoord,      2) \
  X(int,     mesh_vertadr,            m->nmesh,              1) \
  X(int,     mesh_vertnum,            m->nmesh,              1) \
  X(int,     mesh_faceadr,            m->nmesh,              1) \
  X(int,     mesh_facenum,            m->nmesh,              1) \
  X(int,     mesh_bvhadr,             m->nmesh,              1) \
  X(int,     mesh_bvhnum,             m->nmesh,              1) \
  X(int,     mesh_octadr,             m->nmesh,              1) \
  X(int,     mesh_octnum,             m->nmesh,              1) \
  X(int,     mesh_normaladr,          m->nmesh,              1) \
  X(int,     mesh_normalnum,          m->nmesh,              1) \
  X(int,     mesh_texcoordadr,        m->nmesh,              1) \
  X(int,     mesh_texcoordnum,        m->nmesh,              1) \
  X(int,     mesh_graphadr,           m->nmesh,              1) \
  X(float,   mesh_vert,               m->nmeshvert,          3) \
  X(float,   mesh_normal,             m->nmeshnormal,        3) \
  X(float,   mesh_texcoord,           m->nmeshtexcoord,      2) \
  X(int,     mesh_face,               m->nmeshface,          3) \
  X(int,     mesh_facenormal,         m->nmeshface,          3) \
  X(int,     mesh_facetexcoord,       m->nmeshface,          3) \
  X(int,     mesh_graph,              m->nmeshgraph,         1) \
  X(mjtNum,  mesh_scale,              m->nmesh,              3) \
  X(mjtNum,  mesh_pos,                m->nmesh,              3) \
  X(mjtNum,  mesh_quat,               m->nmesh,              4) \
  X(int,     mesh_pathadr,            m->nmesh,              1) \
  X(int,     mesh_polynum,            m->nmesh,              1) \
  X(int,     mesh_polyadr,            m->nmesh,              1) \
  X(mjtNum,  mesh_polynormal,         m->nmeshpoly,          3) \
  X(int,     mesh_polyvertadr,        m->nmeshpoly,          1) \
  X(int,     mesh_polyvertnum,        m->nmeshpoly,          1) \
  X(int,     mesh_polyvert,           m->nmeshpolyvert,      1) \
  X(int,     mesh_polymapadr,         m->nmeshvert,          1) \
  X(int,     mesh_polymapnum,         m->nmeshvert,          1) \
  X(int,     mesh_polymap,            m->nmeshpolymap,       1) \
  X(int,     skin_matid,              m->nskin,              1) \
  X(int,     skin_group,              m->nskin,              1) \
  X(float,   skin_rgba,               m->nskin,              4) \
  X(float,   skin_inflate,            m->nskin,              1) \
  X(int,     skin_vertadr,            m->nskin,              1) \
  X(int,     skin_vertnum,            m->nskin,              1) \
  X(int,     skin_texcoordadr,        m->nskin,              1) \
  X(int,     skin_faceadr,            m->nskin,              1) \
  X(int,     skin_facenum,            m->nskin,              1) \
  X(int,     skin_boneadr,            m->nskin,              1) \
  X(int,     skin_bonenum,            m->nskin,              1) \
  X(float,   skin_vert,               m->nskinvert,          3) \
  X(float,   skin_texcoord,           m->nskintexvert,       2) \
  X(int,     skin_face,               m->nskinface,          3) \
  X(int,     skin_bonevertadr,        m->nskinbone,          1) \
  X(int,     skin_bonevertnum,        m->nskinbone,          1) \
  X(float,   skin_bonebindpos,        m->nskinbone,          3) \
  X(float,   skin_bonebindquat,       m->nskinbone,          4) \
  X(int,     skin_bonebodyid,         m->nskinbone,          1) \
  X(int,     skin_bonevertid,         m->nskinbonevert,      1) \
  X(float,   skin_bonevertweight,     m->nskinbonevert,      1) \
  X(int,     skin_pathadr,            m->nskin,              1) \
  X(mjtNum,  hfield_size,             m->nhfield,            4) \
  X(int,     hfield_nrow,             m->nhfield,            1) \
  X(int,     hfield_ncol,             m->nhfield,            1) \
  X(int,     hfield_adr,              m->nhfield,            1) \
  X(float,   hfield_data,             m->nhfielddata,        1) \
  X(int,     hfield_pathadr,          m->nhfield,            1) \
  X(int,     tex_type,                m->ntex,               1) \
  X(int,     tex_colorspace,          m->ntex,               1) \
  X(int,     tex_height,              m->ntex,               1) \
  X(int,     tex_width,               m->ntex,               1) \
  X(int,     tex_nchannel,            m->ntex,               1) \
  X(int,     tex_adr,                 m->ntex,               1) \
  X(mjtByte, tex_data,                m->ntexdata,           1) \
  X(int,     tex_pathadr,             m->ntex,               1) \
  X(int,     mat_texid,               m->nmat,               mjNTEXROLE) \
  X(mjtByte, mat_texuniform,          m->nmat,               1) \
  X(float,   mat_texrepeat,           m->nmat,               2) \
  X(float,   mat_emission,            m->nmat,               1) \
  X(float,   mat_specular,            m->nmat,               1) \
  X(float,   mat_shininess,           m->nmat,               1) \
  X(float,   mat_reflectance,         m->nmat,               1) \
  X(float,   mat_metallic,            m->nmat,               1) \
  X(float,   mat_roughness,           m->nmat,               1) \
  X(float,   mat_rgba,                m->nmat,               4) \
  X(int,     pair_dim,                m->npair,              1) \
  X(int,     pair_geom1,              m->npair,              1) \
  X(int,     pair_geom2,              m->npair,              1) \
  X(int,     pair_signature,          m->npair,              1) \
  X(mjtNum,  pair_solref,             m->npair,              mjNREF) \
  X(mjtNum,  pair_solreffriction,     m->npair,              mjNREF) \
  X(mjtNum,  pair_solimp,             m->npair,              mjNIMP) \
  X(mjtNum,  pair_margin,             m->npair,              1) \
  X(mjtNum,  pair_gap,                m->npair,              1) \
  X(mjtNum,  pair_friction,           m->npair,              5) \
  X(int,     exclude_signature,       m->nexclude,           1) \
  X(int,     eq_type,                 m->neq,                1) \
  X(int,     eq_obj1id,               m->neq,                1) \
  X(int,     eq_obj2id,               m->neq,                1) \
  X(int,     eq_objtype,              m->neq,                1) \
  X(mjtByte, eq_active0,              m->neq,                1) \
  X(mjtNum,  eq_solref,               m->neq,                mjNREF) \
  X(mjtNum,  eq_solimp,               m->neq,                mjNIMP) \
  X(mjtNum,  eq_data,                 m->neq,                mjNEQDATA) \
  X(int,     tendon_adr,              m->ntendon,            1) \
  X(int,     tendon_num,              m->ntendon,            1) \
  X(int,     tendon_matid,            m->ntendon,            1) \
  X(int,     tendon_group,            m->ntendon,            1) \
  X(mjtByte, tendon_limited,          m->ntendon,            1) \
  X(mjtByte, tendon_actfrclimited,    m->ntendon,            1) \
  X(mjtNum,  tendon_width,            m->ntendon,            1) \
  X(mjtNum,  tendon_solref_lim,       m->ntendon,            mjNREF) \
  X(mjtNum,  tendon_solimp_lim,       m->ntendon,            mjNIMP) \
  X(mjtNum,  tendon_solref_fri,       m->ntendon,            mjNREF) \
  X(mjtNum,  tendon_solimp_fri,       m->ntendon,            mjNIMP) \
  X(mjtNum,  tendon_range,            m->ntendon,            2) \
  X(mjtNum,  tendon_actfrcrange,      m->ntendon,            2) \
  X(mjtNum,  tendon_margin,           m->ntendon,            1) \
  X(mjtNum,  tendon_stiffness,        m->ntendon,            1) \
  X(mjtNum,  tendon_damping,          m->ntendon,            1) \
  X(mjtNum,  tendon_armature,         m->ntendon,            1) \
  X(mjtNum,  tendon_frictionloss,     m->ntendon,            1) \
  X(mjtNum,  tendon_lengthspring,     m->ntendon,            2) \
  X(mjtNum,  tendon_length0,          m->ntendon,            1) \
  X(mjtNum,  tendon_invweight0,       m->ntendon,            1) \
  X(mjtNum,  tendon_user,             m->ntendon,            m->nuser_tendon) \
  X(float,   tendon_rgba,             m->ntendon,            4) \
  X(int,     wrap_type,               m->nwrap,              1) \
  X(int,     wrap_objid,              m->nwrap,              1) \
  X(mjtNum,  wrap_prm,                m->nwrap,              1) \
  X(int,     actuator_trntype,        m->nu,                 1) \
  X(int,     actuator_dyntype,        m->nu,                 1) \
  X(int,     actuator_gaintype,       m->nu,                 1) \
  X(int,     actuator_biastype,       m->nu,                 1) \
  X(int,     actuator_trnid,          m->nu,                 2) \
  X(int,     actuator_actadr,         m->nu,                 1) \
  X(int,     actuator_actnum,         m->nu,                 1) \
  X(int,     actuator_group,          m->nu,                 1) \
  X(mjtByte, actuator_ctrllimited,    m->nu,                 1) \
  X(mjtByte, actuator_forcelimited,   m->nu,                 1) \
  X(mjtByte, actuator_actlimited,     m->nu,                 1) \
  X(mjtNum,  actuator_dynprm,         m->nu,                 mjNDYN) \
  X(mjtNum,  actuator_gainprm,        m->nu,                 mjNGAIN) \
  X(mjtNum,  actuator_biasprm,        m->nu,                 mjNBIAS) \
  X(mjtByte, actuator_actearly,       m->nu,                 1) \
  X(mjtNum,  actuator_ctrlrange,      m->nu,                 2) \
  X(mjtNum,  actuator_forcerange,     m->nu,                 2) \
  X(mjtNum,  actuator_actrange,       m->nu,                 2) \
  X(mjtNum,  actuator_gear,           m->nu,                 6) \
  X(mjtNum,  actuator_cranklength,    m->nu,                 1) \
  X(mjtNum,  actuator_acc0,           m->nu,                 1) \
  X(mjtNum,  actuator_length0,        m->nu,                 1) \
  X(mjtNum,  actuator_lengthrange,    m->nu,                 2) \
  X(mjtNum,  actuator_user,           m->nu,                 m->nuser_actuator) \
  X(int,     actuator_plugin,         m->nu,                 1) \
  X(int,     sensor_type,             m->nsensor,            1) \
  X(int,     sensor_datatype,         m->nsensor,            1) \
  X(int,     sensor_needstage,        m->nsensor,            1) \
  X(int,     sensor_objtype,          m->nsensor,            1) \
  X(int,     sensor_objid,            m->nsensor,            1) \
  X(int,     sensor_reftype,          m->nsensor,            1) \
  X(int,     sensor_refid,            m->nsensor,            1) \
  X(int,     sensor_intprm,           m->nsensor,            mjNSENS) \
  X(int,     sensor_dim,              m->nsensor,            1) \
  X(int,     sensor_adr,              m->nsensor,            1) \
  X(mjtNum,  sensor_cutoff,           m->nsensor,            1) \
  X(mjtNum,  sensor_noise,            m->nsensor,            1) \
  X(mjtNum,  sensor_user,             m->nsensor,            m->nuser_sensor) \
  X(int,     sensor_plugin,           m->nsensor,            1) \
  X(int,     plugin,                  m->nplugin,            1) \
  X(int,     plugin_stateadr,         m->nplugin,            1) \
  X(int,     plugin_statenum,         m->nplugin,            1) \
  X(char,    plugin_attr,             m->npluginattr,        1) \
  X(int,     plugin_attradr,          m->nplugin,            1) \
  X(int,     numeric_adr,             m->nnumeric,           1) \
  X(int,     numeric_size,            m->nnumeric,           1) \
  X(mjtNum,  numeric_data,            m->nnumericdata,       1) \
  X(int,     text_adr,                m->ntext,              1) \
  X(int,     text_size,               m->ntext,              1) \
  X(char,    text_data,               m->ntextdata,          1) \
  X(int,     tuple_adr,               m->ntuple,             1) \
  X(int,     tuple_size,              m->ntuple,             1) \
  X(int,     tuple_objtype,           m->ntupledata,         1) \
  X(int,     tuple_objid,             m->ntupledata,         1) \
  X(mjtNum,  tuple_objprm,            m->ntupledata,         1) \
  X(mjtNum,  key_time,                m->nkey,               1) \
  X(mjtNum,  key_qpos,                m->nkey,               m->nq) \
  X(mjtNum,  key_qvel,                m->nkey,               m->nv) \
  X(mjtNum,  key_act,                 m->nkey,               m->na) \
  X(mjtNum,  key_mpos,                m->nkey,               m->nmocap * 3) \
  X(mjtNum,  key_mquat,               m->nkey,               m->nmocap * 4) \
  X(mjtNum,  key_ctrl,                m->nkey,               m->nu) \
  X(int,     name_bodyadr,            m->nbody,              1) \
  X(int,     name_jntadr,             m->njnt,               1) \
  X(int,     name_geomadr,            m->ngeom,              1) \
  X(int,     name_siteadr,            m->nsite,              1) \
  X(int,     name_camadr,             m->ncam,               1) \
  X(int,     name_lightadr,           m->nlight,             1) \
  X(int,     name_flexadr,            m->nflex,              1) \
  X(int,     name_meshadr,            m->nmesh,              1) \
  X(int,     name_skinadr,            m->nskin,              1) \
  X(int,     name_hfieldadr,          m->nhfield,            1) \
  X(int,     name_texadr,             m->ntex,               1) \
  X(int,     name_matadr,             m->nmat,               1) \
  X(int,     name_pairadr,            m->npair,              1) \
  X(int,     name_excludeadr,         m->nexclude,           1) \
  X(int,     name_eqadr,              m->neq,                1) \
  X(int,     name_tendonadr,          m->ntendon,            1) \
  X(int,     name_actuatoradr,        m->nu,                 1) \
  X(int,     name_sensoradr,          m->nsensor,            1) \
  X(int,     name_numericadr,         m->nnumeric,           1) \
  X(int,     name_textadr,            m->ntext,              1) \
  X(int,     name_tupleadr,           m->ntuple,             1) \
  X(int,     name_keyadr,             m->nkey,               1) \
  X(int,     name_pluginadr,          m->nplugin,            1) \
  X(char,    names,                   m->nnames,             1) \
  X(int,     names_map,               m->nnames_map,         1) \
  X(char,    paths,                   m->npaths,             1) \
  X(int,     B_rownnz,                m->nbody,              1) \
  X(int,     B_rowadr,                m->nbody,              1) \
  X(int,     B_colind,                m->nB,                 1) \
  X(int,     M_rownnz,                m->nv,                 1) \
  X(int,     M_rowadr,                m->nv,                 1) \
  X(int,     M_colind,                m->nC,                 1) \
  X(int,     mapM2M,                  m->nC,                 1) \
  X(int,     D_rownnz,                m->nv,                 1) \
  X(int,     D_rowadr,                m->nv,                 1) \
  X(int,     D_diag,                  m->nv,                 1) \
  X(int,     D_colind,                m->nD,                 1) \
  X(int,     mapM2D,                  m->nD,                 1) \
  X(int,     mapD2M,                  m->nC,                 1)

// Arrays of mjData sized by the model (live in d->buffer), in header order.
#define SN_DATA_ARRAYS(X) \
  X(mjtNum,   qpos,                m->nq,               1) \
  X(mjtNum,   qvel,                m->nv,               1) \
  X(mjtNum,   act,                 m->na,               1) \
  X(mjtNum,   qacc_warmstart,      m->nv,               1) \
  X(mjtNum,   plugin_state,        m->npluginstate,     1) \
  X(mjtNum,   ctrl,                m->nu,               1) \
  X(mjtNum,   qfrc_applied,        m->nv,               1) \
  X(mjtNum,   xfrc_applied,        m->nbody,            6) \
  X(mjtByte,  eq_active,           m->neq,              1) \
  X(mjtNum,   mocap_pos,           m->nmocap,           3) \
  X(mjtNum,   mocap_quat,          m->nmocap,           4) \
  X(mjtNum,   qacc,                m->nv,               1) \
  X(mjtNum,   act_dot,             m->na,               1) \
  X(mjtNum,   userdata,            m->nuserdata,        1) \
  X(mjtNum,   sensordata,          m->nsensordata,      1) \
  X(int,      plugin,              m->nplugin,          1) \
  X(uintptr_t, plugin_data,         m->nplugin,          1) \
  X(mjtNum,   xpos,                m->nbody,            3) \
  X(mjtNum,   xquat,               m->nbody,            4) \
  X(mjtNum,   xmat,                m->nbody,            9) \
  X(mjtNum,   xipos,               m->nbody,            3) \
  X(mjtNum,   ximat,               m->nbody,            9) \
  X(mjtNum,   xanchor,             m->njnt,             3) \
  X(mjtNum,   xaxis,               m->njnt,             3) \
  X(mjtNum,   geom_xpos,           m->ngeom,            3) \
  X(mjtNum,   geom_xmat,           m->ngeom,            9) \
  X(mjtNum,   site_xpos,           m->nsite,            3) \
  X(mjtNum,   site_xmat,           m->nsite,            9) \
  X(mjtNum,   cam_xpos,            m->ncam,             3) \
  X(mjtNum,   cam_xmat,            m->ncam,             9) \
  X(mjtNum,   light_xpos,          m->nlight,           3) \
  X(mjtNum,   light_xdir,          m->nlight,           3) \
  X(mjtNum,   subtree_com,         m->nbody,            3) \
  X(mjtNum,   cdof,                m->nv,               6) \
  X(mjtNum,   cinert,              m->nbody,            10) \
  X(mjtNum,   flexvert_xpos,       m->nflexvert,        3) \
  X(mjtNum,   flexelem_aabb,       m->nflexelem,        6) \
  X(int,      flexedge_J_rownnz,   m->nflexedge,        1) \
  X(int,      flexedge_J_rowadr,   m->nflexedge,        1) \
  X(int,      flexedge_J_colind,   m->nflexedge,        m->nv) \
  X(mjtNum,   flexedge_J,          m->nflexedge,        m->nv) \
  X(mjtNum,   flexedge_length,     m->nflexedge,        1) \
  X(mjtNum,   bvh_aabb_dyn,        m->nbvhdynamic,      6) \
  X(int,      ten_wrapadr,         m->ntendon,          1) \
  X(int,      ten_wrapnum,         m->ntendon,          1) \
  X(int,      ten_J_rownnz,        m->ntendon,          1) \
  X(int,      ten_J_rowadr,        m->ntendon,          1) \
  X(int,      ten_J_colind,        m->ntendon,          m->nv) \
  X(mjtNum,   ten_J,               m->ntendon,          m->nv) \
  X(mjtNum,   ten_length,          m->ntendon,          1) \
  X(int,      wrap_obj,            m->nwrap,            2) \
  X(mjtNum,   wrap_xpos,           m->nwrap,            6) \
  X(mjtNum,   actuator_length,     m->nu,               1) \
  X(int,      moment_rownnz,       m->nu,               1) \
  X(int,      moment_rowadr,       m->nu,               1) \
  X(int,      moment_colind,       m->nJmom,            1) \
  X(mjtNum,   actuator_moment,     m->nJmom,            1) \
  X(mjtNum,   crb,                 m->nbody,            10) \
  X(mjtNum,   qM,                  m->nM,               1) \
  X(mjtNum,   M,                   m->nC,               1) \
  X(mjtNum,   qLD,                 m->nC,               1) \
  X(mjtNum,   qLDiagInv,           m->nv,               1) \
  X(mjtByte,  bvh_active,          m->nbvh,             1) \
  X(mjtNum,   flexedge_velocity,   m->nflexedge,        1) \
  X(mjtNum,   ten_velocity,        m->ntendon,          1) \
  X(mjtNum,   actuator_velocity,   m->nu,               1) \
  X(mjtNum,   cvel,                m->nbody,            6) \
  X(mjtNum,   cdof_dot,            m->nv,               6) \
  X(mjtNum,   qfrc_bias,           m->nv,               1) \
  X(mjtNum,   qfrc_spring,         m->nv,               1) \
  X(mjtNum,   qfrc_damper,         m->nv,               1) \
  X(mjtNum,   qfrc_gravcomp,       m->nv,               1) \
  X(mjtNum,   qfrc_fluid,          m->nv,               1) \
  X(mjtNum,   qfrc_passive,        m->nv,               1) \
  X(mjtNum,   subtree_linvel,      m->nbody,            3) \
  X(mjtNum,   subtree_angmom,      m->nbody,            3) \
  X(mjtNum,   qH,                  m->nC,               1) \
  X(mjtNum,   qHDiagInv,           m->nv,               1) \
  X(mjtNum,   qDeriv,              m->nD,               1) \
  X(mjtNum,   qLU,                 m->nD,               1) \
  X(mjtNum,   actuator_force,      m->nu,               1) \
  X(mjtNum,   qfrc_actuator,       m->nv,               1) \
  X(mjtNum,   qfrc_smooth,         m->nv,               1) \
  X(mjtNum,   qacc_smooth,         m->nv,               1) \
  X(mjtNum,   qfrc_constraint,     m->nv,               1) \
  X(mjtNum,   qfrc_inverse,        m->nv,               1) \
  X(mjtNum,   cacc,                m->nbody,            6) \
  X(mjtNum,   cfrc_int,            m->nbody,            6) \
  X(mjtNum,   cfrc_ext,            m->nbody,            6)

// Arrays of mjData that live in d->arena (per-step sizes); listed so copies can
// rebase them.
#define SN_DATA_ARENA_ARRAYS(X) \
  X(contact) \
  X(efc_type) \
  X(efc_id) \
  X(efc_J_rownnz) \
  X(efc_J_rowadr) \
  X(efc_J_rowsuper) \
  X(efc_J_colind) \
  X(efc_J) \
  X(efc_pos) \
  X(efc_margin) \
  X(efc_frictionloss) \
  X(efc_diagApprox) \
  X(efc_KBIP) \
  X(efc_D) \
  X(efc_R) \
  X(tendon_efcadr) \
  X(dof_island) \
  X(island_nv) \
  X(island_idofadr) \
  X(island_dofadr) \
  X(map_dof2idof) \
  X(map_idof2dof) \
  X(ifrc_smooth) \
  X(iacc_smooth) \
  X(iM_rownnz) \
  X(iM_rowadr) \
  X(iM_colind) \
  X(iM) \
  X(iLD) \
  X(iLDiagInv) \
  X(iacc) \
  X(efc_island) \
  X(island_ne) \
  X(island_nf) \
  X(island_nefc) \
  X(island_iefcadr) \
  X(map_efc2iefc) \
  X(map_iefc2efc) \
  X(iefc_type) \
  X(iefc_id) \
  X(iefc_J_rownnz) \
  X(iefc_J_rowadr) \
  X(iefc_J_rowsuper) \
  X(iefc_J_colind) \
  X(iefc_J) \
  X(iefc_frictionloss) \
  X(iefc_D) \
  X(iefc_R) \
  X(efc_AR_rownnz) \
  X(efc_AR_rowadr) \
  X(efc_AR_colind) \
  X(efc_AR) \
  X(efc_vel) \
  X(efc_aref) \
  X(efc_b) \
  X(iefc_aref) \
  X(iefc_state) \
  X(iefc_force) \
  X(efc_state) \
  X(efc_force) \
  X(ifrc_constraint)

#endif  // SINEW_MODEL_FIELDS_H_
