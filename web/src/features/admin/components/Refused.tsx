import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { t } from '../../../shared/i18n/t';
import { showToast } from '../../../shared/ui/Toast';

/** A signed-in non-admin on an admin screen: the spec's "Admin access required", then home. */
export function Refused() {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!told.current) {
      told.current = true;
      showToast(t('admin.error.accessRequired'), { tone: 'error' });
    }
    navigate('/', { replace: true });
  }, [navigate]);
  return null;
}
