import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from 'sonner';
import { ApiError, apiGet, apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/auth/use-session';

/** GET /api/v1/points, /points/transactions, POST /points/redeem (docs/contracts.md, "Buying"). */

export interface PointsBalance {
  current_balance: number;
  lifetime_earned: number;
  lifetime_spent: number;
  value_cents: number;
}

export interface PointsTransaction {
  id: string;
  transaction_type: string;
  points_amount: number;
  description: string | null;
  order_id: string | null;
  created_at: string;
}

export interface RedeemResult {
  success: boolean;
  points_awarded: number;
  error: string | null;
  message: string | null;
}

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
    queryFn: ({ signal }) => apiGet<{ points: PointsBalance }>('/api/v1/points', { signal }).then((b) => b.points),
    enabled: user !== null,
  });
}

export function usePointsHistory(userId: string) {
  return useQuery({
    queryKey: [...pointsKey(userId), 'transactions'] as const,
    queryFn: ({ signal }) =>
      apiGet<{ transactions: PointsTransaction[] }>(`/api/v1/points/transactions?limit=${RECENT_ACTIVITY}`, {
        signal,
      }).then((b) => b.transactions),
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
      return apiRequest<RedeemResult>('POST', '/api/v1/points/redeem', { body: { code: trimmed } });
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
