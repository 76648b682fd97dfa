/* foundry_schema.h -- the Foundry VTT 14 data schemas the module's
 * documents are checked against, typed in from Foundry's API
 * documentation (foundryvtt.com/api/v14: foundry.documents.types.SceneData,
 * LevelData, RegionData, RegionBehaviorData, WallData, TokenData,
 * NoteData, AmbientLightData, TableResultData; the region behaviour types
 * of foundry.data.regionBehaviors), written down here and never read from
 * the code under test. Where the documentation's field list and what v14
 * itself writes part, the choice is said beside the field:
 *   levels on walls, lights and notes -- WallData's page lists none, but
 *   v14 keeps a placeable's levels there (the Universal Battlemap
 *   Importer 6.0.1, moo-man/FVTT-DD-Import ddimport.js _addLevelData,
 *   sets walls' and lights' `levels: [id]`; RegionData lists it). */
#ifndef DG_FOUNDRY_SCHEMA_H
#define DG_FOUNDRY_SCHEMA_H

#include <stdbool.h>
#include <string.h>

static const char *const fs_scene[] = {
    "_id", "_stats", "active", "backgroundColor", "drawings", "environment", "flags", "fog", "folder", "grid",
    "height", "initial", "journal", "journalEntryPage", "levels", "lights", "name", "navigation", "navName",
    "navOrder", "notes", "ownership", "padding", "playlist", "playlistSound", "regions", "shiftX", "shiftY",
    "sort", "sounds", "thumb", "tiles", "tokens", "tokenVision", "transition", "walls", "weather", "width", NULL};
/* Foundry 13's: its own background, fog.exploration, no levels */
static const char *const fs_scene13[] = {
    "_id", "_stats", "active", "background", "backgroundColor", "drawings", "environment", "flags", "fog",
    "folder", "foreground", "foregroundElevation", "grid", "height", "initial", "journal", "journalEntryPage",
    "lights", "name", "navigation", "navName", "navOrder", "notes", "ownership", "padding", "playlist",
    "playlistSound", "regions", "sort", "sounds", "templates", "thumb", "tiles", "tokens", "tokenVision", "walls",
    "weather", "width", NULL};
static const char *const fs_environment[] = {"base", "cycle", "dark", "darknessLevel", "darknessLevelLock",
                                             "globalLight", NULL};
static const char *const fs_fog14[] = {"colors", "mode", "reset", NULL};
static const char *const fs_fog13[] = {"colors", "exploration", "overlay", "reset", NULL};
static const char *const fs_level[] = {"_id", "background", "elevation", "flags", "fog", "foreground",
                                       "name", "sort", "textures", "visibility", NULL};
static const char *const fs_region[] = {"_id", "_shapeConstraints", "behaviors", "color", "elevation", "flags",
                                        "levels", "locked", "name", "shapes", "visibility", NULL};
static const char *const fs_behavior[] = {"_id", "_stats", "disabled", "flags", "name", "system", "type", NULL};
static const char *const fs_rect[] = {"type", "x", "y", "width", "height", "rotation", "hole", NULL};
static const char *const fs_wall[] = {"_id", "c", "dir", "door", "doorSound", "ds", "flags", "levels", "light",
                                      "move", "sight", "sound", "threshold", NULL};
static const char *const fs_light[] = {"_id", "config", "elevation", "flags", "hidden", "levels", "rotation",
                                       "vision", "walls", "x", "y", NULL};
static const char *const fs_note[] = {"_id", "elevation", "entryId", "flags", "fontFamily", "fontSize", "global",
                                      "iconSize", "levels", "pageId", "sort", "text", "textAnchor", "textColor",
                                      "texture", "x", "y", NULL};
static const char *const fs_token[] = {
    "_id", "_movementHistory", "_regions", "actorId", "actorLink", "alpha", "bar1", "bar2", "delta", "depth",
    "detectionModes", "displayBars", "displayName", "disposition", "elevation", "flags", "height", "hidden",
    "level", "light", "locked", "lockRotation", "name", "occludable", "ring", "rotation", "shape", "sight",
    "sort", "texture", "width", "x", "y", NULL};
static const char *const fs_table_result[] = {"_id", "documentCollection", "documentId", "drawn", "flags", "img",
                                              "range", "text", "type", "weight", NULL};
/* the core behaviour types (foundry.data.regionBehaviors) and the
 * fields of the ones written */
static const char *const fs_behavior_types[] = {"adjustDarknessLevel", "changeLevel", "defineSurface",
                                                "displayScrollingText", "executeMacro", "executeScript",
                                                "modifyMovementCost", "pauseGame", "suppressWeather",
                                                "teleportToken", "toggleBehavior", NULL};
static const char *const fs_teleport[] = {"destination", "choice", NULL};
static const char *const fs_movement_cost[] = {"difficulties", NULL};
/* CONST.TOKEN_MOVEMENT_ACTIONS' core ids */
static const char *const fs_movement_actions[] = {"walk", "fly", "swim", "burrow", "climb", "crawl", "jump",
                                                  "blink", "displace", NULL};

static inline bool fs_has(const char *const *list, const char *key)
{
    for (; *list; list++)
        if (!strcmp(*list, key)) return true;
    return false;
}

#endif
