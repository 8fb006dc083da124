import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError } from '@/lib/api-client';
import { api, type Schema } from '@/lib/api/client';
import { useSession } from '@/lib/auth/use-session';

/** GET /api/v1/points, /points/transactions, POST /points/redeem (docs/contracts.md, "Buying"). */

export type PointsBalance = Schema<'PointsBalance'>;

export type PointsTransaction = Schema<'PointsTransaction'>;

export type RedeemResult = Schema<'RedeemResult'>;

/** SPEC §9: recent activity shows 10; codes are 12 characters at most. */
export const RECENT_ACTIVITY = 10;
export const CODE_LENGTH = 12;

export const POINTS_MESSAGES = {
  loadFailed: 'Failed to load points balance',
  enterCode: 'Please enter a code',
  logIn: 'Please log in to redeem codes',
  redeemFailed: 'Failed to redeem code',
} as const;

export function pointsKey(userId: string) {
  return ['points', userId] as const;
}

/** The signed-in user's balance; idle for guests. */
export function usePoints() {
  const { user } = useSession();
  return useQuery({
    queryKey: [...pointsKey(user?.id ?? ''), 'balance'] as const,
    queryFn: ({ signal }): Promise<PointsBalance> => api.get('/api/v1/points', { signal }).then((b) => b.points),
    enabled: user !== null,
  });
}

export function usePointsHistory(userId: string) {
  return useQuery({
    queryKey: [...pointsKey(userId), 'transactions'] as const,
    queryFn: ({ signal }): Promise<PointsTransaction[]> =>
      api.get('/api/v1/points/transactions', { query: { limit: RECENT_ACTIVITY }, signal }).then((b) => b.transactions),
  });
}

/** Upper-cased and capped at 12 characters, as typed (SPEC §5). */
export function normaliseCode(input: string): string {
  return input.toUpperCase().slice(0, CODE_LENGTH);
}

/** Redeems a code; on success the balance and history are fetched again (SPEC §4). */
export function useRedeemCode() {
  const queryClient = useQueryClient();
  const { user } = useSession();
  return useMutation({
    mutationFn: async (code: string): Promise<RedeemResult> => {
      if (!user) throw new Error(POINTS_MESSAGES.logIn);
      const trimmed = code.trim();
      if (!trimmed) throw new Error(POINTS_MESSAGES.enterCode);
      return api.post('/api/v1/points/redeem', { body: { code: trimmed } });
    },
    onSuccess: (result) => {
      if (result.success) {
        toast.success(result.message ?? `Successfully redeemed ${result.points_awarded} points!`);
        if (user) void queryClient.invalidateQueries({ queryKey: pointsKey(user.id) });
      } else {
        toast.error('Error', { description: result.error ?? POINTS_MESSAGES.redeemFailed });
      }
    },
    onError: (error) => {
      let message: string = POINTS_MESSAGES.redeemFailed;
      if (error instanceof ApiError) {
        if (error.isClientError && error.status !== 401) message = error.message;
        if (error.status === 401) message = POINTS_MESSAGES.logIn;
      } else if (error.message === POINTS_MESSAGES.enterCode || error.message === POINTS_MESSAGES.logIn) {
        message = error.message;
      }
      toast.error('Error', { description: message });
    },
  });
}
