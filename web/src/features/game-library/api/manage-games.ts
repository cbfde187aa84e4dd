import type { GameCondition, GameFacts, GameFields, ImportPreview, StaffGame } from '@cafe/contracts';
import { ApiError, sendJson } from '../../../lib/api-client';
import { useContentMutation } from '../../../lib/use-content-mutation';
import { adminGamesQueryOptions, gamesQueryOptions } from './get-games';

/** Staff changes to the library; the public list is refetched with the dashboard's. */
const GAME_LISTS = [gamesQueryOptions().queryKey, adminGamesQueryOptions().queryKey];
const path = (id: string) => `/api/admin/games/${encodeURIComponent(id)}`;

export const addGame = (fields: GameFields) => sendJson<StaffGame>('POST', '/api/admin/games', fields);
export const updateGame = ({ id, facts }: { id: string; facts: GameFacts }) => sendJson<StaffGame>('PUT', path(id), facts);
export const removeGame = (game: StaffGame) => sendJson<{ id: string }>('DELETE', path(game.id));
export const addCopy = ({ id, condition }: { id: string; condition: GameCondition }) =>
  sendJson<StaffGame>('POST', `${path(id)}/copies`, { condition });
export const changeCopy = ({ id, copyId, condition, notes }: { id: string; copyId: string; condition: GameCondition; notes: string }) =>
  sendJson<StaffGame>('PATCH', `${path(id)}/copies/${encodeURIComponent(copyId)}`, { condition, notes });
export const removeCopy = ({ id, copyId }: { id: string; copyId: string }) =>
  sendJson<StaffGame>('DELETE', `${path(id)}/copies/${encodeURIComponent(copyId)}`);

/** The CSV goes as multipart form data (field `file`): the preview writes nothing, the import is one command. */
async function sendCsv(url: string, file: File): Promise<ImportPreview> {
  const body = new FormData();
  body.append('file', file);
  const response = await fetch(url, { method: 'POST', body, credentials: 'include', headers: { accept: 'application/json' } });
  if (!response.ok) throw new ApiError(response.status, await response.text(), response.statusText);
  return (await response.json()) as ImportPreview;
}
export const previewImport = (file: File) => sendCsv('/api/admin/games/import/preview', file);
export const importGames = (file: File) => sendCsv('/api/admin/games/import', file);

type Done = { onSuccess?: () => void };
type Settled = { onSettled?: () => void };
const lists = { invalidates: GAME_LISTS };

export const useAddGame = ({ onSuccess }: Done = {}) =>
  useContentMutation({ ...lists, mutationFn: addGame, success: 'Game added', failure: 'Game not added', onSuccess });
export const useUpdateGame = ({ onSuccess }: Done = {}) =>
  useContentMutation({ ...lists, mutationFn: updateGame, success: 'Game saved', failure: 'Game not saved', onSuccess });
export const useRemoveGame = ({ onSettled }: Settled = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: removeGame,
    success: 'Game removed',
    failure: 'Game not removed',
    onSuccess: onSettled,
    onError: onSettled,
  });
export const useAddCopy = () => useContentMutation({ ...lists, mutationFn: addCopy, success: 'Copy added', failure: 'Copy not added' });
export const useChangeCopy = () =>
  useContentMutation({ ...lists, mutationFn: changeCopy, success: 'Copy updated', failure: 'Copy not updated' });
export const useRemoveCopy = () =>
  useContentMutation({ ...lists, mutationFn: removeCopy, success: 'Copy removed', failure: 'Copy not removed' });
export const useImportGames = ({ onSuccess }: Done = {}) =>
  useContentMutation({
    ...lists,
    mutationFn: importGames,
    success: (result: ImportPreview) => `Imported: ${result.counts.add} added, ${result.counts.update} updated`,
    failure: 'Import failed',
    onSuccess,
  });
