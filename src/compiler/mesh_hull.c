// Convex hulls of mesh vertices with qhull, and the vertex/edge/face graph that the
// convex collision code walks (mjModel.mesh_graph):
//   numvert, numface, vert_edgeadr[numvert], vert_globalid[numvert],
//   edge_localid[...] (per hull vertex its neighbours' local ids, then -1),
//   face_globalid[3 * numface].
// The order of vertices and faces is qhull's (the oracle uses the same library and
// options, so the orders agree); each vertex's neighbours are listed in the order the
// facets around it introduce them.
#include <stdio.h>
#include <string.h>

#include <libqhull_r/qhull_ra.h>

#include "compiler/mesh.h"

void sn_mesh_hull_free(sn_hull* h) {
  mju_free(h->face);
  mju_free(h->graph);
  memset(h, 0, sizeof(*h));
}

// Build the graph from the hull's vertex order (point ids), oriented faces and the
// neighbour lists (local ids; vertex i's list at nb + nbadr[i], nbnum[i] long).
static void sn_hull_graph(sn_hull* h, const int* vid, const int* nb, const int* nbadr,
                          const int* nbnum) {
  int nv = h->nvert, nf = h->nface;
  int nedge = 0;
  for (int i = 0; i < nv; i++) {
    nedge += nbnum[i] + 1;
  }
  h->ngraph = 2 + 2 * nv + nedge + 3 * nf;
  h->graph = (int*)mju_malloc(sizeof(int) * (size_t)h->ngraph);
  int* g = h->graph;
  g[0] = nv;
  g[1] = nf;
  int* edgeadr = g + 2;
  int* globalid = g + 2 + nv;
  int* edges = g + 2 + 2 * nv;
  int adr = 0;
  for (int i = 0; i < nv; i++) {
    edgeadr[i] = adr;
    globalid[i] = vid[i];
    memcpy(edges + adr, nb + nbadr[i], sizeof(int) * (size_t)nbnum[i]);
    adr += nbnum[i];
    edges[adr++] = -1;
  }
  memcpy(edges + adr, h->face, sizeof(int) * 3 * (size_t)nf);
}

// Neighbours of each hull vertex: the other vertices of the facets around it, in
// qhull's order of the vertex's facets and of each facet's vertices (3.3.8's order).
// Lists are stored back to back (a vertex has at most twice as many neighbours as
// facets around it); returns the storage, freed by the caller.
static int* sn_hull_neighbours(qhT* qh, int nv, int* nbadr, int* nbnum) {
  qh_vertexneighbors(qh);
  vertexT* vertex;
  vertexT* other;
  vertexT** otherp;
  facetT* neighbor;
  facetT** neighborp;
  int iv = 0;
  size_t total = 0;
  FORALLvertices {
    vertex->visitid = (unsigned)iv;  // local id
    nbadr[iv] = (int)total;
    total += 2 * (size_t)qh_setsize(qh, vertex->neighbors);
    iv++;
  }
  int* nb = (int*)mju_malloc(sizeof(int) * (total ? total : 1));
  iv = 0;
  FORALLvertices {
    int* list = nb + nbadr[iv];
    int cap = 2 * qh_setsize(qh, vertex->neighbors);
    nbnum[iv] = 0;
    FOREACHneighbor_(vertex) {
      FOREACHsetelement_(vertexT, neighbor->vertices, other) {
        if (other == vertex) {
          continue;
        }
        int id = (int)other->visitid, seen = 0;
        for (int k = 0; k < nbnum[iv] && !seen; k++) {
          seen = list[k] == id;
        }
        if (!seen && nbnum[iv] < cap && id < nv) {
          list[nbnum[iv]++] = id;
        }
      }
    }
    iv++;
  }
  return nb;
}

int sn_mesh_hull(const double* pts, int n, int maxhullvert, sn_hull* out, char* err, int errsz) {
  memset(out, 0, sizeof(*out));
  if (n < 4) {
    snprintf(err, (size_t)errsz, "the convex hull needs at least 4 vertices (mesh has %d)", n);
    return 0;
  }
  char flags[64];
  if (maxhullvert > 0) {
    // TA<k> stops after k vertices beyond the initial simplex
    snprintf(flags, sizeof(flags), "qhull Qt TA%d", maxhullvert - 4);
  } else {
    snprintf(flags, sizeof(flags), "qhull Qt");
  }
  coordT* coords = (coordT*)mju_malloc(sizeof(coordT) * 3 * (size_t)n);
  for (int i = 0; i < 3 * n; i++) {
    coords[i] = pts[i];
  }
  qhT qh_qh;
  qhT* qh = &qh_qh;
  FILE* devnull = fopen("/dev/null", "w");
  qh_zero(qh, devnull);
  int exitcode = qh_new_qhull(qh, 3, n, coords, False, flags, NULL, devnull);
  int ok = 0;
  if (exitcode) {
    snprintf(err, (size_t)errsz, "qhull could not build the convex hull (error %d: the "
             "vertices may be coplanar or degenerate)", exitcode);
  } else {
    int nv = qh->num_vertices, nf = qh->num_facets;
    int* vid = (int*)mju_malloc(sizeof(int) * (size_t)(nv > 0 ? nv : 1));
    out->face = (int*)mju_malloc(sizeof(int) * 3 * (size_t)(nf > 0 ? nf : 1));
    vertexT* vertex;
    vertexT** vertexp;
    facetT* facet;
    int iv = 0, f = 0;
    FORALLvertices {
      vid[iv++] = qh_pointid(qh, vertex->point);
    }
    ok = 1;
    FORALLfacets {
      int k = 0, ids[3] = {0, 0, 0};
      FOREACHvertex_(facet->vertices) {
        if (k < 3) {
          ids[k] = qh_pointid(qh, vertex->point);
        }
        k++;
      }
      if (k != 3) {
        ok = 0;
        break;
      }
      // qhull lists a facet's vertices by decreasing vertex id; toporient facets are
      // reversed by swapping the first two (3.3.8's face order)
      if (facet->toporient) {
        int t = ids[0];
        ids[0] = ids[1];
        ids[1] = t;
      }
      memcpy(out->face + 3 * f, ids, sizeof(ids));
      f++;
    }
    if (ok) {
      out->nvert = iv;
      out->nface = f;
      int* nbadr = (int*)mju_malloc(sizeof(int) * (size_t)iv);
      int* nbnum = (int*)mju_malloc(sizeof(int) * (size_t)iv);
      int* nb = sn_hull_neighbours(qh, iv, nbadr, nbnum);
      sn_hull_graph(out, vid, nb, nbadr, nbnum);
      mju_free(nb);
      mju_free(nbadr);
      mju_free(nbnum);
    } else {
      snprintf(err, (size_t)errsz, "qhull returned a non-triangular facet");
    }
    mju_free(vid);
  }
  qh_freeqhull(qh, !qh_ALL);
  int curlong, totlong;
  qh_memfreeshort(qh, &curlong, &totlong);
  if (devnull) {
    fclose(devnull);
  }
  mju_free(coords);
  if (!ok) {
    sn_mesh_hull_free(out);
  }
  return ok;
}
