/** Which of the header's dialogs (company switch, change password) is open. */
import { create } from 'zustand';

interface DialogsState {
  companyOpen: boolean;
  companyClosable: boolean;
  passwordOpen: boolean;
  openCompany: (closable: boolean) => void;
  closeCompany: () => void;
  openPassword: () => void;
  closePassword: () => void;
}

export const useDialogs = create<DialogsState>()((set) => ({
  companyOpen: false,
  companyClosable: true,
  passwordOpen: false,
  openCompany: (closable) => set({ companyOpen: true, companyClosable: closable }),
  closeCompany: () => set({ companyOpen: false }),
  openPassword: () => set({ passwordOpen: true }),
  closePassword: () => set({ passwordOpen: false }),
}));
